import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS, startAdminSession, validateAdminSession } from "@/server/auth/admin-session";
import { LOGIN_FAILURE_LIMIT, reserveLoginAttempt, unknownBrowserSchedule } from "@/server/auth/login-guard";
import { closeDb, getDb } from "@/server/db/connection";
import { SUBMISSION_RATE_LIMIT, submissionRateLimits } from "@/server/leads/receive-lead";
import { receiveLead } from "@/server/leads/receive-lead";
import { runPruneOnce, startPruneJob, stopPruneJob } from "@/server/pruning/prune-job";
import { PRUNE_STEPS } from "@/server/pruning/prune-steps";
import { consumeRateLimit, peekRateLimit } from "@/server/rate-limits/rate-limits";
import { validContact } from "../support/api-request";
import { applyDatabaseEnv, describeEachEngine, loadSecondInstance, restoreDatabaseEnv } from "../support/test-database";

/*
 * Tables stay bounded: a flood of submissions and failed logins with a new key each
 * (a botnet) leaves one rate-limit row per key, and the pruning job every instance runs
 * deletes them once their window has passed, like expired admin sessions.
 */

const T0 = 1_900_000_000_000;
const WINDOW_MS = Math.max(SUBMISSION_RATE_LIMIT.windowMs, LOGIN_FAILURE_LIMIT.windowMs);
const FLOOD = 10_000;
/** In flight at once, as a flood arrives. */
const CONCURRENCY = 100;
const RATE_LIMITS = "rate-limit windows";
const SESSIONS = "admin sessions";
const STREAKS = "login slowdown streaks";
/** The site's one window of its budget of password checks (login-guard.ts), live for a minute after the last login. */
const BUDGET_WINDOW = 1;

/** A bot's submission: the honeypot is filled, so it is counted against its address's limit and nothing is stored. */
const botSubmission = contactRequestSchema.parse({ ...validContact, website: "https://spam.example" });

const address = (prefix: string, index: number) => `${prefix}.${Math.floor(index / 65_536) % 256}.${Math.floor(index / 256) % 256}.${index % 256}`;

async function inBatches(count: number, work: (index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, offset) => work(start + offset)));
  }
}

/** A login from an unknown browser, counted as the login endpoint counts it before the password is checked. */
async function loginAttempt(clientAddress: string, username: string): Promise<void> {
  const attempt = await reserveLoginAttempt({ address: clientAddress, username, deviceCookie: undefined });
  expect(attempt.status).toBe("reserved");
}

/** Submissions and failed logins with distinct keys, counted by the functions the endpoints use. */
async function flood(count: number, tag: string): Promise<void> {
  // Each bot's hit as `receiveLead` counts it (below, the live ones go through it whole),
  // a batch per transaction: on SQLite every commit is an fsync, and ten thousand of
  // them would make this test about the disk instead of the pruning.
  const db = await getDb();
  for (let start = 0; start < count; start += CONCURRENCY) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(count, start + CONCURRENCY); index += 1) {
        const { key, limit, windowMs } = submissionRateLimits("contact", address("10", index))[0]!;
        await consumeRateLimit(key, limit, windowMs, Date.now(), trx);
      }
    });
  }
  // Each failed login counts against its address (a rate-limit window) and its username (a slowdown streak).
  await inBatches(count, (index) => loginAttempt(address("172", index), `${tag}-guess-${index}`));
}

async function countRows(table: "rate_limits" | "admin_sessions" | "login_throttle"): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

afterEach(async () => {
  await stopPruneJob();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete process.env.PRUNE_INTERVAL_MS;
  delete process.env.RATE_LIMIT_MULTIPLIER;
});

describeEachEngine("pruning expired rows", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    // A botnet whose every login is counted: the site's budget of password checks would refuse (and count) all but 15 a minute.
    process.env.RATE_LIMIT_MULTIPLIER = "10000";
  });

  it(`${FLOOD.toLocaleString("en-US")} submissions and ${FLOOD.toLocaleString("en-US")} failed logins with distinct keys leave only the live windows after a prune run`, async () => {
    await flood(FLOOD, "run");
    expect(await countRows("rate_limits")).toBe(2 * FLOOD + BUDGET_WINDOW);
    expect(await countRows("login_throttle")).toBe(FLOOD);

    // The windows pass; a handful of visitors are inside a new one.
    vi.setSystemTime(T0 + WINDOW_MS);
    for (let index = 0; index < 5; index += 1) expect((await receiveLead("contact", botSubmission, address("192", index))).status).toBe("spam");
    for (let index = 0; index < 3; index += 1) await loginAttempt(address("198", index), `live-${index}`);
    const live = 5 + 3;
    expect(await countRows("rate_limits")).toBe(2 * FLOOD + live + BUDGET_WINDOW);

    const result = await runPruneOnce(Date.now());

    expect(result.failed).toEqual({});
    expect(result.deleted).toMatchObject({ [RATE_LIMITS]: 2 * FLOOD, [SESSIONS]: 0 });
    expect(await countRows("rate_limits")).toBe(live + BUDGET_WINDOW);
    // The live windows still count.
    const { key, limit, windowMs } = submissionRateLimits("contact", address("192", 0))[0]!;
    expect((await peekRateLimit(key, limit, windowMs)).remaining).toBe(limit - 1);
    // Pruning again deletes nothing: every step is idempotent.
    expect((await runPruneOnce(Date.now())).deleted).toMatchObject({ [RATE_LIMITS]: 0, [SESSIONS]: 0 });

    // A username's slowdown streak lives until a day without attempts has passed; then it goes too.
    expect(await countRows("login_throttle")).toBe(FLOOD + 3);
    vi.setSystemTime(T0 + unknownBrowserSchedule().streakResetMs);
    await loginAttempt(address("198", 9), "live-next-day");
    expect((await runPruneOnce(Date.now())).deleted).toMatchObject({ [STREAKS]: FLOOD });
    expect(await countRows("login_throttle")).toBe(3 + 1);
  }, 180_000);

  it("the started job deletes expired rate-limit windows and expired or idle sessions by itself, and keeps the live ones", async () => {
    process.env.PRUNE_INTERVAL_MS = "100";
    await flood(1_000, "job");
    const expired = await Promise.all(Array.from({ length: 200 }, () => startAdminSession({}, T0 - SESSION_ABSOLUTE_TTL_MS)));
    // Within their 12 hours, but unused for longer than the idle limit.
    const idle = await Promise.all(Array.from({ length: 200 }, () => startAdminSession({}, T0 - SESSION_IDLE_TTL_MS)));
    const live = await Promise.all(Array.from({ length: 3 }, () => startAdminSession({}, T0 - SESSION_IDLE_TTL_MS / 2)));
    expect(await countRows("admin_sessions")).toBe(403);

    // Opened halfway through the flood's windows: still live when those have ended (expect.poll
    // moves the faked clock on as it polls, so the margin must be more than a millisecond).
    vi.setSystemTime(T0 + WINDOW_MS / 2);
    await loginAttempt("198.51.100.8", "still-counting");
    vi.setSystemTime(T0 + WINDOW_MS);
    startPruneJob();

    await expect.poll(() => countRows("rate_limits"), { timeout: 20_000, message: "the job prunes the windows that have passed" }).toBe(1);
    await expect.poll(() => countRows("admin_sessions"), { timeout: 20_000, message: "the job prunes expired and idle sessions" }).toBe(3);
    for (const session of live) expect(await validateAdminSession(session.token)).not.toBeNull();
    for (const session of [...expired.slice(0, 3), ...idle.slice(0, 3)]) expect(await validateAdminSession(session.token)).toBeNull();
  }, 120_000);

  it("two instances pruning at the same moment delete every expired row once, without errors", async () => {
    await flood(2_000, "pair");
    await Promise.all(Array.from({ length: 100 }, () => startAdminSession({}, T0 - SESSION_ABSOLUTE_TTL_MS)));
    const keep = await startAdminSession({}, T0);
    vi.setSystemTime(T0 + WINDOW_MS);
    await receiveLead("contact", botSubmission, "203.0.113.99");

    const second = await loadSecondInstance(() => import("@/server/pruning/prune-job"));
    try {
      const now = Date.now();
      const results = await Promise.all([runPruneOnce(now), second.modules.runPruneOnce(now), runPruneOnce(now), second.modules.runPruneOnce(now)]);

      expect(results.map((result) => result.failed)).toEqual([{}, {}, {}, {}]);
      const total = (name: string) => results.reduce((sum, result) => sum + (result.deleted[name] ?? 0), 0);
      expect(total(RATE_LIMITS)).toBe(2 * 2_000 + BUDGET_WINDOW);
      expect(total(SESSIONS)).toBe(100);
      expect(await countRows("rate_limits")).toBe(1);
      expect(await countRows("admin_sessions")).toBe(1);
      expect(await validateAdminSession(keep.token)).not.toBeNull();
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe("pruning while the database is away", () => {
  let saved: ReturnType<typeof applyDatabaseEnv> | undefined;

  afterAll(async () => {
    await closeDb();
    if (saved) restoreDatabaseEnv(saved);
  });

  it("logs the failure without throwing, runs the other steps, and the job tries again at the next run", async () => {
    await closeDb();
    // Nothing listens on port 1: every connection attempt is refused.
    saved = applyDatabaseEnv({ engine: "postgres", url: "postgres://postgres@127.0.0.1:1/unreachable", poolSize: 1 });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let otherStepRuns = 0;

    const result = await runPruneOnce(Date.now(), [...PRUNE_STEPS, { name: "other", prune: async () => ++otherStepRuns }]);

    expect(Object.keys(result.failed)).toEqual(PRUNE_STEPS.map((step) => step.name));
    expect(Object.keys(result.failed)).toEqual(expect.arrayContaining([RATE_LIMITS, SESSIONS]));
    expect(result.deleted).toEqual({ other: 1 });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/\[prune\] could not prune rate-limit windows \(.+\), admin sessions .*trying again/);

    process.env.PRUNE_INTERVAL_MS = "50";
    startPruneJob();
    await expect.poll(() => errors.mock.calls.length, { timeout: 20_000, message: "the job keeps running after failed runs" }).toBeGreaterThanOrEqual(3);
  });
});
