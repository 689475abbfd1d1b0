/**
 * npm run bench:http — the production server (`npm start`: server/production-server.mjs)
 * under load, against the production build (run `npm run build` first).
 *
 * For each round, autocannon at 50 connections for 10 s on: GET / (a prerendered page
 * from disk), GET /contact (rendered on demand), POST /api/contact on SQLite (rate limit
 * raised) and GET /api/health. Prints requests/second, p50 and p99 for each, and the
 * server's resident memory after every round. There is no throughput target: a CDN
 * serves the static pages, and the lead endpoints are limited to 10 per address per
 * 15 minutes; what this watches is latency under load and memory that stays flat.
 *
 * A first, unreported round of the same load warms the server up (JIT, heap growth).
 * At the end, every acknowledged submission must be in the database.
 *
 * Then, unless --no-postgres, the same POST load on two instances sharing one
 * PostgreSQL database (scripts/bench-multi-instance.ts) for the scale-out figure.
 *
 * Options: --duration S (default 10), --rounds N (default 3), --no-warm-up, --no-postgres.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { startProductionServer } from "../tests/support/production-server";
import { numberedContactRequests, requireProductionBuild } from "./bench-support";

const CONNECTIONS = 50;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers: for a submission, a promise that it is stored. */
  acknowledged: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    acknowledged: result["2xx"],
  };
}

async function main() {
  requireProductionBuild();
  const duration = option("duration", 10);
  const rounds = option("rounds", 3);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
  const databasePath = path.join(dir, "bench.db");
  try {
    const server = await startProductionServer({ DATABASE_PATH: databasePath, RATE_LIMIT_MULTIPLIER: "1000000" });
    let acknowledged: number;
    try {
      acknowledged = await runRounds(server.url, server.process.pid!, duration, rounds);
    } finally {
      await server.stop();
    }
    // Every 201 is a stored row (requests cut off at the end of a run may add rows
    // nobody was told about, never the reverse).
    const database = new SQLite(databasePath);
    const { stored } = database.prepare("select count(*) as stored from contact_requests").get() as { stored: number };
    database.close();
    console.log(`Submissions acknowledged (201): ${acknowledged}, stored: ${stored}`);
    if (stored < acknowledged) throw new Error(`${acknowledged - stored} acknowledged submissions are missing from the database`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The warm-up and the measured rounds; returns how many submissions were acknowledged. */
async function runRounds(url: string, pid: number, duration: number, rounds: number): Promise<number> {
  let acknowledged = 0;
  const round = async (): Promise<Measure[]> => {
    const results = [
      await measure("GET / (prerendered)", { url: `${url}/`, duration }),
      await measure("GET /contact (on demand)", { url: `${url}/contact`, duration }),
      await measure("POST /api/contact (SQLite)", {
        url: `${url}/api/contact`,
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: numberedContactRequests,
        duration,
      }),
      await measure("GET /api/health", { url: `${url}/api/health`, duration }),
    ];
    acknowledged += results[2]!.acknowledged;
    return results;
  };

  const memory = [residentMemoryMb(pid)];
  console.log(`Server resident memory at start: ${memory[0]!.toFixed(0)} MB`);
  const warmUp = !process.argv.includes("--no-warm-up");
  if (warmUp) {
    console.log("\nWarm-up round (the same load, not reported)");
    await round();
    memory.push(residentMemoryMb(pid));
    console.log(`Server resident memory after warm-up: ${memory.at(-1)!.toFixed(0)} MB`);
  }
  for (let index = 1; index <= rounds; index += 1) {
    const results = await round();
    memory.push(residentMemoryMb(pid));
    console.log(`\nRound ${index} (${CONNECTIONS} connections, ${duration} s each)`);
    console.log("| Target | req/s | p50 | p99 | errors | non-2xx |");
    console.log("|---|---|---|---|---|---|");
    for (const r of results) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`);
    console.log(`Server resident memory after round ${index}: ${memory.at(-1)!.toFixed(0)} MB`);
  }
  const points = warmUp ? "at start, after warm-up, after each round" : "at start, after each round";
  console.log(`\nResident memory (${points}): ${memory.map((mb) => `${mb.toFixed(0)} MB`).join(" → ")}`);
  return acknowledged;
}

main()
  .then(() => {
    if (process.argv.includes("--no-postgres")) return;
    console.log("\nTwo instances on one PostgreSQL database:");
    const run = spawnSync(process.execPath, [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), "scripts/bench-multi-instance.ts"], { stdio: "inherit" });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
