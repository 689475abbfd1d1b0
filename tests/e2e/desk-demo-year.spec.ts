import path from "node:path";
import type { Page } from "@playwright/test";
import { runProjectScript } from "../support/project-script";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./helpers";

/**
 * The desk on a 375 px phone with a year of business in it (issue 29): `npm run db:seed-demo`
 * writes 3,000 demo leads into the server's database before it starts, and the layout's
 * numbers are measured in the browser: the tab bar's height, where the first lead starts on
 * Today and in the list, the board page's height and the smallest control on Today.
 */

const DEMO_LEADS = 3000;
let server: RunningServer;

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 } });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  const seeded = await runProjectScript("db-seed-demo", ["--leads", String(DEMO_LEADS)], {
    DATABASE_PATH: path.join(testInfo.outputDir, `demo-year-${testInfo.workerIndex}.db`),
    DATABASE_URL: undefined,
    NODE_ENV: undefined,
  });
  expect(seeded.code, seeded.stderr).toBe(0);
  server = await startDeskServer("demo-year", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;

async function logIn(page: Page): Promise<void> {
  expect((await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN })).status()).toBe(200);
}

test("with a demo year at 375 px: a 64 px tab bar, the first lead on the first screen of Today and the list, a board of at most three screens, 44 px controls", async ({ page }) => {
  await logIn(page);
  await page.goto(at("/admin"));
  const bar = (await page.getByTestId("tab-bar").boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(64);
  const firstOnToday = page.getByTestId("today-lead").first();
  await expect(firstOnToday).toBeVisible();
  const todayBox = (await firstOnToday.boundingBox())!;
  expect(todayBox.y).toBeLessThan(bar.y);
  // Every control of Today's first screen (links inside running text aside) is 44 px or more both ways.
  const smallest = await page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>("main a, main button, main select, main input:not([type=hidden]), main summary, nav a, nav button")];
    const sizes = controls
      .filter((element) => element.getClientRects().length > 0 && !element.closest("p, li > span"))
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.bottom > 0 && box.top < innerHeight && box.width > 0)
      .map((box) => Math.min(box.width, box.height));
    return Math.min(...sizes);
  });

  await page.goto(at("/admin/leads"));
  const firstRow = (await page.getByTestId("lead-row").first().boundingBox())!;
  expect(firstRow.y).toBeLessThan(bar.y);

  await page.goto(at("/admin/leads?view=board"));
  await expect(page.getByTestId("board-column-won").getByTestId("board-card")).toHaveCount(20);
  const boardHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(boardHeight).toBeLessThanOrEqual(3 * 812);

  console.log(
    `[demo year, ${DEMO_LEADS} leads, 375×812] tab bar ${bar.height} px; Today's first lead at y=${Math.round(todayBox.y)} px; ` +
      `the list's first lead at y=${Math.round(firstRow.y)} px; board page ${boardHeight} px (${(boardHeight / 812).toFixed(2)} screens); smallest control on Today's first screen ${Math.round(smallest)} px`,
  );
  expect(smallest).toBeGreaterThanOrEqual(44);
});
