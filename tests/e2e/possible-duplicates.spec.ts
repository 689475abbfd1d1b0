import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations } from "./helpers";

/**
 * Issue 27, item 3, on the owner's phone: a stranger who typed someone else's office number
 * does not get that office's survey. The two leads show each other as "Possibly the same
 * person", and the owner keeps them apart or merges them. One server per worker.
 */

let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("duplicates", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 90_000 });

const at = (target: string) => `${server.url}${target}`;

async function logIn(page: Page): Promise<void> {
  expect((await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN })).status()).toBe(200);
}

async function leadIdOf(page: Page, email: string): Promise<number> {
  const { items } = (await (await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(email)}`))).json()) as { items: { id: number; email: string }[] };
  const mine = items.filter((item) => item.email === email);
  expect(mine).toHaveLength(1);
  return mine[0]!.id;
}

/** A contact with the office's number from one address, then the office's survey from its own. */
async function twoPeopleOneNumber(page: Page) {
  const tag = randomUUID().slice(0, 8);
  const phone = randomPhone();
  const stranger = { ...validContact, name: `Acme Stranger ${tag}`, email: `stranger-${tag}@example.com`, phone };
  const office = { ...validSurvey, businessName: `Heron Office ${tag}`, email: `office-${tag}@example.com`, phoneNumber: phone };
  expect((await page.request.post(at("/api/contact"), { data: stranger })).status()).toBe(201);
  expect((await page.request.post(at("/api/survey"), { data: office })).status()).toBe(201);
  return { stranger: { id: await leadIdOf(page, stranger.email), name: stranger.name }, office: { id: await leadIdOf(page, office.email), name: office.businessName } };
}

test("the office's lead shows the stranger's as possibly the same person, and Not the same person keeps them apart for good", async ({ page }) => {
  await logIn(page);
  const { stranger, office } = await twoPeopleOneNumber(page);
  await page.goto(at(`/admin/leads/${office.id}`));
  const panel = page.getByTestId("possible-duplicates");
  await expect(panel.getByRole("heading", { name: "Possibly the same person" })).toBeVisible();
  await expect(panel.getByRole("link", { name: `${stranger.name} (lead #${stranger.id})` })).toHaveAttribute("href", `/admin/leads/${stranger.id}`);
  await expect(panel).toContainText("Same phone number, a different e-mail address.");
  // The survey is the office's alone.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(office.name);
  await expectNoAxeViolations(page, "the possible duplicate panel");
  for (const button of await panel.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  await panel.getByRole("button", { name: "Not the same person" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Kept apart")).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.goto(at(`/admin/leads/${stranger.id}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(stranger.name);
  await expect(page.getByTestId("possible-duplicates")).toHaveCount(0);
});

test("Merge asks first, then one lead holds both submissions and says so on its timeline; the other lead is gone", async ({ page }) => {
  await logIn(page);
  const { stranger, office } = await twoPeopleOneNumber(page);
  await page.goto(at(`/admin/leads/${stranger.id}`));
  const panel = page.getByTestId("possible-duplicates");
  await panel.getByRole("button", { name: "Merge" }).click();
  const dialog = page.getByRole("dialog", { name: `Merge ${office.name} into ${stranger.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel).toBeVisible();

  await panel.getByRole("button", { name: "Merge" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Merge the leads" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Leads merged")).toBeVisible();
  await expect(panel).toHaveCount(0);
  // The survey came last: the lead carries its details now, and both submissions.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(office.name);
  await expect(page.getByTestId("timeline-entry").filter({ hasText: `Merged with lead #${office.id}` })).toHaveCount(1);
  await expect(page.getByTestId("timeline-entry").filter({ hasText: /received/ })).toHaveCount(2);
  expect((await page.request.get(at(`/api/admin/leads/${office.id}`))).status()).toBe(404);
});
