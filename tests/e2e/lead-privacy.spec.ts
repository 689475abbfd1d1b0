import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * The privacy page's promises in the browser (docs/privacy-controls.md): "Export (JSON)"
 * downloads everything held about a person; "Erase this person", once confirmed, removes
 * them from the lead list, Today and the inboxes; the account page's Activity shows the
 * erasure, from this browser. At 375 px and 1280 px, with no axe violation and no
 * sideways scrolling.
 */

let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("privacy", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;

type Person = { id: number; name: string; email: string };

/** A person who sent a contact request and then a survey (one lead, by e-mail). */
async function newPerson(page: Page): Promise<Person> {
  const tag = randomUUID().slice(0, 8);
  const email = `erin-${tag}@example.com`;
  const name = `Erin Calloway ${tag}`;
  const phone = randomPhone();
  const contact = await page.request.post(at("/api/contact"), { data: { ...validContact, name, email, phone, message: `Failover for the shop, ref ${tag}.` } });
  expect(contact.status(), await contact.text()).toBe(201);
  const survey = await page.request.post(at("/api/survey"), { data: { ...validSurvey, businessName: `Calloway Books ${tag}`, email, phoneNumber: phone } });
  expect(survey.status(), await survey.text()).toBe(201);
  const list = await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(email)}`));
  const { items } = (await list.json()) as { items: { id: number; name: string }[] };
  expect(items).toHaveLength(1);
  return { id: items[0]!.id, name: items[0]!.name, email };
}

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

for (const width of [375, 1280]) {
  test.describe(`the privacy controls at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 150_000 });
    test.beforeEach(async ({ page }) => logIn(page));

    test("Export (JSON) downloads lead-<id>.json with the person, both submissions and the timeline", async ({ page }) => {
      const person = await newPerson(page);
      await page.goto(at(`/admin/leads/${person.id}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(person.name);
      const exportLink = page.getByRole("link", { name: "Export (JSON)" });
      await waitForHydration(exportLink);
      await expectNoHorizontalScroll(page, "the lead page");
      await expectNoAxeViolations(page, "the lead page");

      const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
      expect(download.suggestedFilename()).toBe(`lead-${person.id}.json`);
      const data = JSON.parse(readFileSync(await download.path(), "utf8")) as {
        lead: { id: number; email: string };
        submissions: { kind: string; email: string }[];
        timeline: { type: string }[];
      };
      expect(data.lead).toMatchObject({ id: person.id, email: person.email });
      expect(data.submissions.map((submission) => submission.kind).sort()).toEqual(["contact", "survey"]);
      expect(data.timeline.filter((entry) => entry.type === "submission")).toHaveLength(2);
    });

    test("Erase this person, confirmed, removes them from the list, Today and the inboxes; Activity shows the erasure from this browser", async ({ page }) => {
      const person = await newPerson(page);
      const kept = await newPerson(page);
      await page.goto(at(`/admin/leads/${person.id}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(person.name);
      const erase = page.getByRole("button", { name: "Erase this person" });
      await waitForHydration(erase);

      // Cancel first: nothing goes.
      await erase.click();
      const dialog = page.getByRole("dialog", { name: `Erase ${person.name}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("its 2 submissions");
      await expect(dialog).toContainText("notes, calls, follow-ups");
      await expect(dialog).toContainText("every e-mail about it still in the outbox");
      await expectNoAxeViolations(page, "the erase dialog");
      await expectNoHorizontalScroll(page, "the erase dialog");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      expect((await page.request.get(at(`/api/admin/leads/${person.id}`))).status()).toBe(200);

      await erase.click();
      await page.getByRole("dialog").getByRole("button", { name: "Erase for good" }).click();
      await page.waitForURL(at("/admin/leads"));
      await expect(page.getByRole("status").filter({ hasText: "Person erased" })).toBeVisible();
      await expect(page.getByTestId("lead-row").filter({ hasText: kept.name })).toBeVisible();
      await expect(page.getByTestId("lead-row").filter({ hasText: person.name })).toHaveCount(0);
      expect((await page.request.get(at(`/api/admin/leads/${person.id}`))).status()).toBe(404);

      await page.goto(at("/admin"));
      await expect(page.getByTestId("today-lead").filter({ hasText: kept.name })).toBeVisible();
      await expect(page.getByTestId("today-lead").filter({ hasText: person.name })).toHaveCount(0);
      await page.goto(at("/admin/contacts"));
      await expect(page.getByTestId("contact-row").filter({ hasText: kept.name })).toBeVisible();
      await expect(page.getByTestId("contact-row").filter({ hasText: person.name })).toHaveCount(0);
      await page.goto(at("/admin/surveys"));
      await expect(page.getByTestId("survey-row").filter({ hasText: kept.email })).toBeVisible();
      await expect(page.getByTestId("survey-row").filter({ hasText: person.email })).toHaveCount(0);

      await page.goto(at("/admin/account"));
      const activity = page.getByRole("region", { name: "Activity" });
      const entry = activity.getByTestId("activity-row").filter({ hasText: `Erased lead #${person.id}` });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText("This browser");
      await expect(activity).not.toContainText(person.name);
      await expect(activity).not.toContainText(person.email);
      await expectNoHorizontalScroll(page, "the account page");
      await expectNoAxeViolations(page, "the account page");
    });
  });
}
