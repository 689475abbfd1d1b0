/**
 * Part of `npm run bench:desk` (issue 29): how long the spec's survey list (/admin/surveys)
 * takes to show its first rows with 1,600 and then 16,000 surveys, in Chromium at 375 px
 * against the production build (`npm run build` first) on SQLite: from the navigation until
 * the first row is on the screen, fetch, JSON and rendering included. Median of 7 loads after
 * one warm-up.
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { startProductionServer } from "../tests/support/production-server";

const ADMIN = { username: "bench", password: "bench-survey-list-password-1" };
const LOADS = 7;

function plantSurveys(databasePath: string, from: number, count: number): void {
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 10000");
    const insert = db.prepare(
      `insert into survey_submissions (created_at, viewed, business_name, email, phone_number, address, employee_count, device_count, primary_internet_use,
        uses_streaming, has_public_wifi, phone_count, interested_services, additional_comments) values (?, ?, ?, ?, '864-555-0100', ?, 12, 40, 'Card payments, Zoom and guest Wi-Fi', 1, 1, 6, '["fiber","voip"]', ?)`,
    );
    const start = Date.now() - 3 * 365 * 24 * 3_600_000;
    db.transaction(() => {
      for (let index = from; index < from + count; index++) {
        insert.run(start + index * 3_600_000, index % 3 === 0 ? 0 : 1, `Business ${index} of the Upstate`, `office${index}@example.com`, `${index} Main St, Greenville, SC 29601`, "Two offices and a warehouse; the Wi-Fi drops at noon.");
      }
    })();
  } finally {
    db.close();
  }
}

export async function surveyListFirstRows(): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-surveys-"));
  const databasePath = path.join(folder, "surveys.db");
  const server = await startProductionServer({
    DATABASE_PATH: databasePath,
    DATABASE_URL: undefined,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_PASSWORD_HASH: undefined,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: server.url });
    const login = await context.request.post("/api/admin/login", { data: ADMIN });
    if (login.status() !== 200) throw new Error(`bench login answered ${login.status()}`);
    const page = await context.newPage();
    console.log(`\nsurvey list (/admin/surveys, Chromium at 375 px, production build, SQLite): time to first rows, median of ${LOADS} loads`);
    let planted = 0;
    for (const total of [1_600, 16_000]) {
      plantSurveys(databasePath, planted, total - planted);
      planted = total;
      const samples: number[] = [];
      for (let load = 0; load <= LOADS; load++) {
        const begin = performance.now();
        await page.goto("/admin/surveys", { waitUntil: "commit" });
        await page.getByTestId("survey-row").first().waitFor();
        if (load > 0) samples.push(performance.now() - begin);
      }
      const rows = await page.getByTestId("survey-row").count();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      samples.sort((a, b) => a - b);
      console.log(`${total.toLocaleString("en-US").padStart(7)} surveys  first rows ${samples[Math.floor(samples.length / 2)]!.toFixed(0).padStart(5)} ms  (${rows} rows rendered, page ${height.toLocaleString("en-US")} px tall)`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
