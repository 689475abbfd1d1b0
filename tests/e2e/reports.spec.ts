import type { Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { randomPhone, validContact } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll } from "./helpers";

/**
 * The reports screen in the browser (issue 23): server-drawn charts, the tables a screen
 * reader reads beside them, the 12/52-week link and the CSV downloads, at 375 and 1280 px.
 * Each worker runs its own server on a fresh database holding only this file's leads:
 *   two Managed Internet leads (one Won, one Contacted), a Security Cameras lead Lost
 *   straight from New, a VoIP lead left New, and a spam lead the reports leave out.
 */

let server: RunningServer;

const at = (target: string) => `${server.url}${target}`;

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

/** A new person writes through the public contact API; returns their lead's id. */
async function newLead(page: Page, projectType: string): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const name = `Report Lead ${tag}`;
  const response = await page.request.post(at("/api/contact"), {
    data: { ...validContact, name, email: `report-${tag}@example.com`, phone: randomPhone(), projectType, message: `About ${projectType}, ref ${tag}.` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const list = await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(tag)}`));
  const { items } = (await list.json()) as { items: { id: number; name: string }[] };
  return items.find((item) => item.name === name)!.id;
}

async function setStatus(page: Page, id: number, body: Record<string, string>): Promise<void> {
  const response = await page.request.patch(at(`/api/admin/leads/${id}`), { data: body, headers: { origin: server.url } });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("reports", testInfo, E2E_ADMIN);
  const page = await browser.newPage();
  await logIn(page);
  await setStatus(page, await newLead(page, "managed-internet"), { status: "won" });
  await setStatus(page, await newLead(page, "managed-internet"), { status: "contacted" });
  await setStatus(page, await newLead(page, "security-cameras"), { status: "lost", lostReason: "price" });
  await newLead(page, "voip-phone-systems");
  await setStatus(page, await newLead(page, "it-support"), { status: "spam" });
  await page.close();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A table's body rows as the cells' text (the row header first). */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? "")));
}

const sumColumn = (rows: string[][], column: number) => rows.reduce((sum, row) => sum + Number(row[column]), 0);

for (const width of [375, 1280]) {
  test.describe(`the reports at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => logIn(page));

    test("every chart has its name, its table and the seeded numbers; no spam, no sideways scrolling, no axe violations", async ({ page }) => {
      await page.goto(at("/admin/reports"));
      await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      // Below 640 px Reports is behind the tab bar's More.
      if (width < 640) await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "More" }).click();
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Last 12 weeks" })).toHaveAttribute("aria-current", "page");

      for (const name of [/^Leads per week, last 12 weeks: 4 leads/, /^Funnel: New 4, Contacted 2, Quoted 1, Won 1\. Win rate 50%/, /^Median speed to lead per month/, /^Leads by channel: 4 leads/, /^Leads by service: 4 leads/]) {
        const chart = page.getByRole("img", { name });
        await chart.scrollIntoViewIfNeeded();
        await expect(chart).toBeVisible();
      }

      const weeks = await tableRows(page.getByRole("table", { name: "Leads per week" }));
      expect(weeks).toHaveLength(12);
      expect([sumColumn(weeks, 1), sumColumn(weeks, 2)]).toEqual([4, 1]);
      expect(await tableRows(page.getByRole("table", { name: "Leads by channel" }))).toEqual([["Unassigned", "4", "1"]]);
      expect(await tableRows(page.getByRole("table", { name: "Leads by service" }))).toEqual([
        ["Managed Internet & Failover", "2", "1"],
        ["Security Cameras", "1", "0"],
        ["VoIP Phone Systems", "1", "0"],
      ]);
      expect(await tableRows(page.getByRole("table", { name: /^Funnel; win rate 50%/ }))).toEqual([
        ["New", "4", "100%"],
        ["Contacted", "2", "50%"],
        ["Quoted", "1", "25%"],
        ["Won", "1", "25%"],
      ]);
      const speed = await tableRows(page.getByRole("table", { name: "Median speed to lead per month" }));
      expect(sumColumn(speed, 2)).toBe(2);
      expect(speed.filter((row) => row[1] !== "none").map((row) => row[1])).toContain("under 1 min");
      await expect(page.getByTestId("report-funnel").locator("p", { hasText: "Win rate 50%: won ÷ (won + lost)" })).toBeVisible();
      // What the eye sees: the funnel's values beside their bars.
      await expect(page.getByTestId("report-funnel").locator("svg text", { hasText: "2 · 50%" })).toHaveCount(1);

      await expectNoHorizontalScroll(page, "reports");
      await expectNoAxeViolations(page, "reports");
    });

    test("the 52-week link keeps the period in the address", async ({ page }) => {
      await page.goto(at("/admin/reports"));
      await page.getByRole("link", { name: "Last 52 weeks" }).click();
      await expect(page).toHaveURL(/\/admin\/reports\?weeks=52$/);
      await expect(page.getByRole("link", { name: "Last 52 weeks" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("img", { name: /^Leads per week, last 52 weeks: 4 leads/ })).toBeVisible();
      const weeks = await tableRows(page.getByRole("table", { name: "Leads per week" }));
      expect(weeks).toHaveLength(52);
      expect(sumColumn(weeks, 1)).toBe(4);
      await expectNoHorizontalScroll(page, "reports, 52 weeks");
      await expectNoAxeViolations(page, "reports, 52 weeks");
      await page.getByRole("link", { name: "Last 12 weeks" }).click();
      await expect(page).toHaveURL(/\/admin\/reports\?weeks=12$/);
      // The address changes before the new page is on screen: wait for it before reading its table.
      await expect(page.getByRole("link", { name: "Last 12 weeks" })).toHaveAttribute("aria-current", "page");
      expect(await tableRows(page.getByRole("table", { name: "Leads per week" }))).toHaveLength(12);
    });

    test("each chart downloads its numbers as CSV", async ({ page }) => {
      await page.goto(at("/admin/reports"));
      const expected: [string, RegExp, string][] = [
        ["Download CSV of leads by channel", /^leads-by-channel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/, '"Unassigned","Unassigned","4","2","1","1","1"'],
        ["Download CSV of leads by service", /^leads-by-service-/, '"managed-internet","Managed Internet & Failover","2","2","1","1","0"'],
        ["Download CSV of funnel", /^leads-by-status-/, '"lost","Lost","1","0","0","0","1"'],
        ["Download CSV of leads per week", /^leads-by-week-/, '"key","label","leads","contacted","quoted","won","lost"'],
        ["Download CSV of speed to lead", /^speed-to-lead-/, '"month","medianSeconds","leads"'],
      ];
      for (const [name, file, line] of expected) {
        const link = page.getByRole("link", { name });
        await link.scrollIntoViewIfNeeded();
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        expect(download.suggestedFilename()).toMatch(file);
        const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
        expect(text.split("\r\n")).toContain(line);
      }
    });
  });
}
