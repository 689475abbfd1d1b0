/**
 * npm run bench:api — throughput of POST /api/contact on SQLite at 50 connections,
 * against the production build (run `npm run build` first). Rate limits are raised
 * for the run, not switched off, so the limiter's query is part of what is measured.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startProductionServer } from "../tests/support/production-server";
import { numberedContactBody, numberedContactRequests, requireProductionBuild } from "./bench-support";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  requireProductionBuild();
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const dbPath = path.join(dir, "bench.db");
  const server = await startProductionServer({ DATABASE_PATH: dbPath, RATE_LIMIT_MULTIPLIER: "1000000" });
  try {
    // Warm up the route (first compile of the handler, first database open).
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: numberedContactBody() });
    }
    const result = await autocannon({
      url: `${server.url}/api/contact`,
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: numberedContactRequests,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const stored = new Database(dbPath, { readonly: true }).prepare("select count(*) as n from contact_requests").get() as { n: number };
    const created = result["2xx"];
    console.log("\nPOST /api/contact on SQLite (production build)");
    console.log(`connections        ${CONNECTIONS}`);
    console.log(`duration           ${DURATION_S} s`);
    console.log(`requests/second    ${result.requests.average.toFixed(0)} (mean), ${result.requests.p50} (p50)`);
    console.log(`latency p50        ${result.latency.p50} ms`);
    console.log(`latency p99        ${result.latency.p99} ms`);
    console.log(`responses          2xx ${created}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
    const fromRun = stored.n - 20;
    console.log(`rows stored        ${fromRun} from the run (+20 warm-up)`);
    // Requests still in flight when the clock stops are stored but not counted as answered.
    if (fromRun < created) console.log(`LOST: ${created - fromRun} acknowledged requests are missing from the database`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
