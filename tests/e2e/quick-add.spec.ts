import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * Issue 23, items 4 and 6 in the browser: "Add lead" for a lead taken by phone (seen on
 * the lead, Today and the list with its source), the duplicate warning that opens the
 * existing lead, and a survey lead's score, package and reason line, with the sort by score.
 */

let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("quick-add", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;
const tag = () => randomUUID().slice(0, 8);

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

async function openAddLead(page: Page) {
  const button = page.getByRole("button", { name: "Add lead" });
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Add a lead" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function leadIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(name)}`));
  const { items } = (await response.json()) as { items: { id: number; name: string }[] };
  const lead = items.find((item) => item.name === name);
  expect(lead, `lead ${name}`).toBeDefined();
  return lead!.id;
}

for (const width of [375, 1280]) {
  test.describe(`quick add and qualification at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Several axe runs per test on 2 shared cores.
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => logIn(page));

    test("adds a lead taken by phone; it opens with its note, and Today and the list show it with its source", async ({ page }) => {
      const name = `Carla Mendez ${tag()}`;
      await page.goto(at("/admin/leads"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
      const dialog = await openAddLead(page);
      await expectNoHorizontalScroll(page, "add lead dialog");
      await expectNoAxeViolations(page, "add lead dialog");

      // Nothing filled: the form says what is missing, and nothing is sent.
      await dialog.getByRole("button", { name: "Add lead" }).click();
      await expect(dialog.getByText("Enter the name.")).toBeVisible();
      await expect(dialog.getByText("Give an e-mail address or a phone number.")).toBeVisible();
      await expectNoAxeViolations(page, "add lead dialog with errors");

      await expect(dialog.getByRole("radio", { name: "Phone" })).toBeChecked();
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Business (optional)").fill("Mendez Tile");
      await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(randomPhone());
      await dialog.getByLabel("Service (optional)").selectOption({ label: "VoIP Phone Systems" });
      await dialog.getByLabel("Note (optional)").fill("Called about phones for 6 desks.");
      await dialog.getByRole("button", { name: "Tomorrow" }).click();
      await expect(dialog.getByText(/^Follow-up on /)).toBeVisible();
      await dialog.getByRole("button", { name: "Add lead" }).click();

      await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const timeline = page.getByTestId("timeline");
      await expect(timeline.getByText("Added by the owner (phone)")).toBeVisible();
      await expect(timeline.getByText("Called about phones for 6 desks.")).toBeVisible();
      await expect(timeline.getByText(/^Follow-up set for /)).toBeVisible();
      await expect(page.getByTestId("qualification")).toHaveCount(0);
      await expectNoHorizontalScroll(page, "added lead");

      await page.goto(at("/admin"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
      const row = page.getByRole("region", { name: /Waiting for a first contact/ }).getByTestId("today-lead").filter({ hasText: name });
      await expect(row.getByTestId("lead-source")).toHaveText("Phone");
      await expect(page.getByTestId("speed-to-lead")).toContainText("Website leads only: leads added by hand are left out.");
      await expectNoHorizontalScroll(page, "Today");
      await expectNoAxeViolations(page, "Today");

      await page.goto(at(`/admin/leads?q=${encodeURIComponent(name)}`));
      const listed = page.getByTestId("lead-row").filter({ hasText: name });
      await expect(listed.getByTestId("lead-source")).toHaveText("Phone");
      await expectNoHorizontalScroll(page, "list");
    });

    test("a known e-mail is not added again: the dialog offers the existing lead, which opens", async ({ page }) => {
      const id = tag();
      const contact = { ...validContact, name: `Dana Whitfield ${id}`, email: `dana-${id}@example.com`, phone: randomPhone() };
      expect((await page.request.post(at("/api/contact"), { data: contact })).status()).toBe(201);
      const existing = await leadIdOf(page, contact.name);

      await page.goto(at("/admin"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
      const dialog = await openAddLead(page);
      await dialog.getByRole("radio", { name: "Walk-in" }).check();
      await dialog.getByLabel("Name").fill("Dana W.");
      await dialog.getByLabel("E-mail").fill(contact.email.toUpperCase());
      await dialog.getByRole("button", { name: "Add lead" }).click();

      const alert = dialog.getByRole("alert").filter({ hasText: "exists already" });
      await expect(alert).toBeVisible();
      await expectNoHorizontalScroll(page, "duplicate warning");
      await expectNoAxeViolations(page, "duplicate warning");
      await alert.getByRole("link", { name: "Open the existing lead" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/leads/${existing}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.name);
      // Nothing was merged into it.
      const lead = (await (await page.request.get(at(`/api/admin/leads/${existing}`))).json()) as { name: string; timeline: { type: string }[] };
      expect(lead.timeline.some((entry) => entry.type === "created")).toBe(false);
    });

    test("a survey lead shows its score, package and reason line, and the list sorts by score", async ({ page }) => {
      const id = tag();
      const surveyOf = (business: string, overrides: Record<string, unknown>) => ({
        ...validSurvey,
        businessName: `${business} ${id}`,
        email: `${business.toLowerCase().replace(/\W/g, "")}-${id}@example.com`,
        phoneNumber: randomPhone(),
        primaryInternetUse: "Email and browsing",
        phoneCount: 0,
        interestedServices: [],
        ...overrides,
      });
      const small = surveyOf("Small Shop", { employeeCount: 2, deviceCount: 3, hasPublicWifi: false });
      const clinic = surveyOf("Blue Heron Dental", { employeeCount: 12, deviceCount: 40, hasPublicWifi: true });
      // The clinic first: the default order (most recent) puts the small shop on top.
      for (const survey of [clinic, small]) expect((await page.request.post(at("/api/survey"), { data: survey })).status()).toBe(201);

      await page.goto(at(`/admin/leads/${await leadIdOf(page, clinic.businessName)}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(clinic.businessName);
      const card = page.getByTestId("qualification");
      await expect(card.getByRole("heading", { name: "Survey qualification" })).toBeVisible();
      await expect(card.getByTestId("qualification-score")).toHaveText("45 / 100");
      await expect(card.getByTestId("qualification-package")).toHaveText("Managed Internet & Failover + Guest WiFi");
      await expect(card.getByTestId("qualification-reasons")).toHaveText("Why: 12 employees, 40 devices, public WiFi → Managed Internet & Failover + Guest WiFi");
      await expectNoHorizontalScroll(page, "survey lead");
      await expectNoAxeViolations(page, "survey lead");

      await page.goto(at(`/admin/leads?q=${id}`));
      await expect(page.getByTestId("lead-row")).toHaveCount(2);
      await expect(page.getByTestId("lead-row").first()).toContainText(small.businessName);
      // Below 640 px the sort is with the filters, folded behind "Filters (N)".
      const filters = page.getByRole("button", { name: /^Filters \(\d+\)$/ });
      if (await filters.isVisible()) {
        await waitForHydration(filters);
        await filters.click();
      }
      const sort = page.getByLabel("Sort");
      await waitForHydration(sort);
      await sort.selectOption({ label: "Survey score" });
      await expect(page).toHaveURL(/sort=score/);
      await expect(page.getByTestId("lead-row").first()).toContainText(clinic.businessName);
      await expect(page.getByTestId("lead-row").first().getByTestId("lead-score")).toHaveText("Score 45");
      await expect(page.getByTestId("lead-row").nth(1).getByTestId("lead-score")).toHaveText("Score 5");
      await expectNoHorizontalScroll(page, "list by score");
      await expectNoAxeViolations(page, "list by score");
    });
  });
}
