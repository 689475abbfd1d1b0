/**
 * npm run bench:desk — how fast the lead desk answers with years of leads. Seeds a new
 * SQLite database with 10,000 fictional leads and 30,000 submissions, times the list,
 * the search, one lead, Today and the reports (over 52 weeks, and the weeks and speed
 * over the longest range, 3 years) through their endpoints (session check and JSON
 * included, no HTTP), then grows it to 100,000 leads and times them again. Prints p50
 * and p95 per request. Targets (issue 22): p95 <= 50 ms at 10,000 leads, <= 150 ms at
 * 100,000; the reports (issue 23) <= 200 ms at 100,000. Then, on SQLite, the spec's survey list in Chromium
 * (scripts/survey-list-first-rows.ts, issue 29): time to first rows at 1,600 and 16,000 surveys; it needs `npm run build`. --postgres runs the same on a new PostgreSQL database (TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 */
import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { leadDetailRoute, leadListRoute, todayRoute } from "../src/server/admin/lead-desk-routes";
import { leadReportRoute, speedReportRoute } from "../src/server/admin/report-routes";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "../src/server/auth/admin-session";
import { createAdminSession } from "../src/server/auth/admin-sessions";
import { closeDb, engineOf, getDb } from "../src/server/db/connection";
import { insertDemoLeads } from "../src/server/leads/demo-leads";
import { lastWeeks } from "../src/server/reports/report-range";
import { REPORT_RANGE_MAX_DAYS } from "../src/lib/reports";
import { createFreshPostgres } from "../tests/support/fresh-postgres";
import { surveyListFirstRows } from "./survey-list-first-rows";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 20;
const SEARCHES = ["whitfield", "dana", "blue heron", "failover", "cameras warehouse", "555-0142", "8035550042", "okafor@", "reedy river dental", "starlink"];

type Handler = (context: { request: Request; params: Record<string, string | undefined> }) => Promise<Response>;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function time(name: string, next: (index: number) => { handler: Handler; url: string; params?: Record<string, string> }, cookie: string): Promise<string> {
  const samples: number[] = [];
  for (let index = 0; index < WARM_UP + RUNS; index += 1) {
    const { handler, url, params } = next(index);
    const begin = performance.now();
    const response = await handler({ request: new Request(`http://127.0.0.1${url}`, { headers: { cookie } }), params: params ?? {} });
    await response.arrayBuffer();
    const took = performance.now() - begin;
    if (response.status !== 200) throw new Error(`${name}: ${url} answered ${response.status}`);
    if (index >= WARM_UP) samples.push(took);
  }
  samples.sort((a, b) => a - b);
  return `${name.padEnd(14)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(6)} ms`;
}

async function measure(label: string, leadCount: number): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const db = await getDb();
  const { max } = await db.selectFrom("leads").select((eb) => eb.fn.max("id").as("max")).executeTakeFirstOrThrow();
  const maxId = Number(max);
  console.log(`\n${label}: ${leadCount.toLocaleString("en-US")} leads, ${RUNS} timed requests each`);
  console.log(await time("list", (index) => ({ handler: leadListRoute, url: `/api/admin/leads?page=${(index % 10) + 1}` }), cookie));
  console.log(await time("search", (index) => ({ handler: leadListRoute, url: `/api/admin/leads?q=${encodeURIComponent(SEARCHES[index % SEARCHES.length]!)}` }), cookie));
  console.log(await time("one lead", (index) => {
    const id = String(1 + ((index * 7919) % maxId));
    return { handler: leadDetailRoute, url: `/api/admin/leads/${id}`, params: { id } };
  }, cookie));
  console.log(await time("today", () => ({ handler: todayRoute, url: "/api/admin/today" }), cookie));
  // The reports over the screen's longest period (52 weeks), and the weeks over the longest range the API answers.
  const year = lastWeeks(52, Date.now());
  const range = `from=${year.from}&to=${year.to}`;
  for (const by of ["week", "channel", "service", "status"]) {
    console.log(await time(`report ${by}`, () => ({ handler: leadReportRoute, url: `/api/admin/reports/leads?by=${by}&${range}` }), cookie));
  }
  console.log(await time("report speed", () => ({ handler: speedReportRoute, url: `/api/admin/reports/speed?${range}` }), cookie));
  const longest = `from=${new Date(Date.parse(`${year.to}T00:00:00Z`) - (REPORT_RANGE_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}&to=${year.to}`;
  console.log(await time("weeks 3 yr", () => ({ handler: leadReportRoute, url: `/api/admin/reports/leads?by=week&${longest}` }), cookie));
  console.log(await time("speed 3 yr", () => ({ handler: speedReportRoute, url: `/api/admin/reports/speed?${longest}` }), cookie));
}

async function seed(leads: number, firstNumber: number): Promise<void> {
  const begin = performance.now();
  const db = await getDb();
  const written = await insertDemoLeads(db, { leads, submissionsPerLead: 3, now: Date.now(), spanDays: 5 * 365, seed: firstNumber, firstNumber });
  // A PostgreSQL database in service has been through autovacuum: statistics for the planner and
  // a visibility map for index-only scans. A freshly bulk-loaded one has neither until autovacuum
  // comes by (never, where it is off), and its plans are guesses. Measure the former.
  if (engineOf(db) === "postgres") await sql`vacuum analyze`.execute(db);
  console.log(`seeded ${written.leads.toLocaleString("en-US")} leads, ${written.submissions.toLocaleString("en-US")} submissions in ${((performance.now() - begin) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const postgres = process.argv.includes("--postgres");
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-desk-"));
  const database = postgres ? await createFreshPostgres("bench_desk") : undefined;
  if (database) {
    process.env.DATABASE_URL = database.url;
  } else {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = path.join(folder, "desk.db");
  }
  const engine = postgres ? "PostgreSQL" : "SQLite";
  try {
    await seed(10_000, 1);
    await measure(`${engine}`, 10_000);
    await seed(90_000, 10_001);
    await measure(`${engine}`, 100_000);
    if (!postgres) await surveyListFirstRows();
  } finally {
    await closeDb();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
