/**
 * npm run bench:load — 2,000 contact requests and 2,000 surveys at 50 connections
 * against the production build (`npm run build` first) on a fresh SQLite database.
 * Every request carries a unique marker; afterwards the database must hold exactly
 * the acknowledged submissions, each once, and no request may have had a 5xx.
 * Exits 1 when anything was lost, doubled or answered with a 5xx.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkStoredSubmissions, runLosslessLoad } from "../tests/support/lossless-load";
import { startProductionServer } from "../tests/support/production-server";
import { requireProductionBuild } from "./bench-support";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2000);
const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<number> {
  requireProductionBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
  const databasePath = path.join(dir, "bench.db");
  try {
    const server = await startProductionServer({ DATABASE_PATH: databasePath, DATABASE_URL: undefined, RATE_LIMIT_MULTIPLIER: "1000000", SMTP_URL: undefined });
    let result;
    try {
      result = await runLosslessLoad({ url: server.url, contacts: CONTACTS, surveys: SURVEYS, connections: CONNECTIONS });
    } finally {
      // A clean stop checkpoints the WAL, so the file read below is the whole truth.
      await server.stop();
    }
    const report = checkStoredSubmissions(databasePath, result);
    const serverErrors = Object.entries(result.byStatus).filter(([status]) => Number(status) >= 500).reduce((sum, [, count]) => sum + count, 0);

    console.log("\nPOST /api/contact + POST /api/survey on SQLite (production build)");
    console.log(`requests           ${result.sent} (${CONTACTS} contact requests, ${SURVEYS} surveys) at ${CONNECTIONS} connections`);
    console.log(`duration           ${(result.durationMs / 1000).toFixed(1)} s, ${((result.sent / result.durationMs) * 1000).toFixed(0)} requests/second`);
    console.log(`latency            p50 ${result.latencyMs.p50.toFixed(0)} ms, p90 ${result.latencyMs.p90.toFixed(0)} ms, p99 ${result.latencyMs.p99.toFixed(0)} ms, max ${result.latencyMs.max.toFixed(0)} ms`);
    console.log(`responses          ${Object.entries(result.byStatus).map(([status, count]) => `${status} ×${count}`).join(", ")}; socket errors ${result.socketErrors}`);
    console.log(`5xx                ${serverErrors}`);
    console.log(`acknowledged       ${report.acknowledged}`);
    console.log(`stored             ${report.stored} (${report.storedAfterSocketError} of them from requests whose answer was lost with the socket)`);
    console.log(`lost               ${report.lost.length}${report.lost.length ? `: ${report.lost.slice(0, 10).join(", ")}` : ""}`);
    console.log(`stored twice       ${report.duplicated.length}${report.duplicated.length ? `: ${report.duplicated.slice(0, 10).join(", ")}` : ""}`);
    console.log(`stored, not acked  ${report.unexpected.length}${report.unexpected.length ? `: ${report.unexpected.slice(0, 10).join(", ")}` : ""}`);

    const ok = serverErrors === 0 && report.lost.length === 0 && report.duplicated.length === 0 && report.unexpected.length === 0;
    console.log(ok ? "\nOK: nothing lost, nothing doubled, no 5xx" : "\nFAILED");
    return ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
