// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkStoredSubmissions, runLosslessLoad } from "../support/lossless-load";
import { startProductionServer } from "../support/production-server";

/**
 * The small twin of `npm run bench:load` (2,000 + 2,000 requests): the same check at a
 * size that fits the suite. 50 connections at once, every acknowledged submission
 * stored exactly once, nothing stored that was refused, no 5xx.
 */
test("under 50 concurrent connections every acknowledged contact request and survey is stored exactly once, with no 5xx", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lossless-load-"));
  const databasePath = path.join(dataDir, "site.db");
  try {
    const server = await startProductionServer({ DATABASE_PATH: databasePath, DATABASE_URL: undefined, RATE_LIMIT_MULTIPLIER: "1000000", SMTP_URL: undefined });
    let result;
    try {
      result = await runLosslessLoad({ url: server.url, contacts: 250, surveys: 250, connections: 50 });
    } finally {
      expect(await server.stop()).toBe(143);
    }
    const report = checkStoredSubmissions(databasePath, result);
    console.log(
      `[lossless-load] ${result.sent} requests at 50 connections in ${(result.durationMs / 1000).toFixed(1)} s: ` +
        `${JSON.stringify(result.byStatus)}, socket errors ${result.socketErrors}; acknowledged ${report.acknowledged}, stored ${report.stored}, lost ${report.lost.length}`,
    );
    expect(Object.keys(result.byStatus).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(result.byStatus["201"]).toBe(500);
    expect(report.lost).toEqual([]);
    expect(report.duplicated).toEqual([]);
    expect(report.unexpected).toEqual([]);
    expect(report.stored).toBe(report.acknowledged + report.storedAfterSocketError);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
