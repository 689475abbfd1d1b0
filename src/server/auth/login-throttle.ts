import { type Kysely, type RawBuilder, sql } from "kysely";
import { getDb } from "@/server/db/connection";
import { rateLimitHit } from "@/server/rate-limits/rate-limits";
import type { Database } from "@/server/db/schema";

/**
 * A progressive slowdown: the first `freeAttempts` attempts of a streak go through at once;
 * after attempt `freeAttempts + i` the next one must wait `waitsMs[i]` (the last entry
 * repeats). A streak with no attempt for `streakResetMs` starts over.
 */
export interface ThrottleSchedule {
  freeAttempts: number;
  waitsMs: readonly number[];
  streakResetMs: number;
}

export type ThrottleReservation = { allowed: true; attempt: number } | { allowed: false; retryAfterSeconds: number };

/** How long the attempt numbered `attempt` (1-based) of a streak makes the next one wait. */
export function waitAfterAttempt(schedule: ThrottleSchedule, attempt: number): number {
  if (attempt < schedule.freeAttempts) return 0;
  return schedule.waitsMs[Math.min(attempt - schedule.freeAttempts, schedule.waitsMs.length - 1)] ?? 0;
}

/**
 * Reserves the next attempt under `key` if its wait is over, in one statement: the upsert
 * only updates a row whose `blocked_until` has passed, and the update sets the next wait.
 * Concurrent reservations from any number of processes or instances are serialised by
 * the row (PostgreSQL re-checks the condition on the row it locked; SQLite has one
 * writer), so exactly the attempts the schedule allows get through.
 */
export async function reserveThrottledAttempt(key: string, schedule: ThrottleSchedule, now = Date.now()): Promise<ThrottleReservation> {
  const db = await getDb();
  const hit = throttleHit(db, key, schedule, now);
  const row = await hit.reserve.executeTakeFirst();
  return hit.result(row, row ? undefined : await hit.blocked.executeTakeFirst());
}

/** The statements of `reserveThrottledAttempt` and how to read their rows, for callers that run them in a transaction of their own. */
function throttleHit(db: Kysely<Database>, key: string, schedule: ThrottleSchedule, now: number) {
  const at = Math.floor(now);
  // `cast`: PostgreSQL would otherwise type the bound epoch milliseconds as a 32-bit integer.
  const atValue = sql<number>`cast(${at} as bigint)`;
  const stored = (column: "attempts" | "blocked_until" | "last_attempt_at") => sql.ref(`login_throttle.${column}`);
  const attempt = sql<number>`case when ${stored("last_attempt_at")} + ${sql.lit(schedule.streakResetMs)} <= ${atValue} then 1 else ${stored("attempts")} + 1 end`;
  const reserve = db
    .insertInto("login_throttle")
    .values({ key, attempts: 1, blocked_until: blockedUntil(at, waitAfterAttempt(schedule, 1)), last_attempt_at: at })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({
          attempts: attempt,
          blocked_until: sql<number>`case when ${waitSql(schedule, attempt)} = 0 then 0 else ${atValue} + ${waitSql(schedule, attempt)} end`,
          last_attempt_at: atValue,
        })
        .where(sql<boolean>`${stored("blocked_until")} <= ${atValue}`),
    )
    .returning("attempts");
  const blocked = db.selectFrom("login_throttle").select("blocked_until").where("key", "=", key);
  return {
    reserve,
    blocked,
    result: (reserved: { attempts: number } | undefined, blockedRow: { blocked_until: number } | undefined): ThrottleReservation => {
      if (reserved) return { allowed: true, attempt: Number(reserved.attempts) };
      const waitMs = blockedRow ? Number(blockedRow.blocked_until) - at : 0;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}

/** A fixed-window count (rate_limits) that an attempt must fit in. */
export interface AttemptWindow {
  key: string;
  limit: number;
  windowMs: number;
}

/** The counts an unknown browser's login attempt must fit in, checked in this order. */
export interface LoginAttemptPlan {
  /** Per client address (or IPv6 prefix). */
  windows: readonly AttemptWindow[];
  /** The username's slowdown. */
  throttle: { key: string; schedule: ThrottleSchedule };
  /** The site's budget of password checks. */
  budget: AttemptWindow;
}

export type LoginAttemptReservation = { allowed: true } | { allowed: false; refusedBy: "window" | "throttle" | "budget"; retryAfterSeconds: number };

/**
 * Counts an attempt against every count of `plan` in one transaction: all of them, or,
 * when one refuses, none (the transaction is rolled back, so a refused attempt costs the
 * other counts nothing and writes nothing: a flood of refused attempts makes no disk
 * flush on SQLite). Each count is one atomic statement as in `consumeRateLimit` and
 * `reserveThrottledAttempt`, so concurrent attempts on any number of instances are
 * counted exactly.
 */
export async function reserveLoginAttemptCounts(plan: LoginAttemptPlan, now = Date.now()): Promise<LoginAttemptReservation> {
  const db = await getDb();
  try {
    return await db.transaction().execute(async (trx) => {
      const reservation = await countAttempt(trx, plan, now);
      if (!reservation.allowed) throw new Refusal(reservation);
      return reservation;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.reservation;
    throw error;
  }
}

/** Thrown inside the transaction to roll it back; carries the answer out. */
class Refusal extends Error {
  constructor(readonly reservation: LoginAttemptReservation) {
    super("refused");
  }
}

/** The counts of `reserveLoginAttemptCounts`, in order, through `trx`; stops at the first that refuses. */
async function countAttempt(trx: Kysely<Database>, plan: LoginAttemptPlan, now: number): Promise<LoginAttemptReservation> {
  for (const window of plan.windows) {
    const hit = rateLimitHit(trx, window.key, window.windowMs, now);
    const counted = hit.result(await hit.query.executeTakeFirstOrThrow(), window.limit);
    if (!counted.allowed) return { allowed: false, refusedBy: "window", retryAfterSeconds: counted.retryAfterSeconds };
  }
  const throttle = throttleHit(trx, plan.throttle.key, plan.throttle.schedule, now);
  const reserved = await throttle.reserve.executeTakeFirst();
  const streak = throttle.result(reserved, reserved ? undefined : await throttle.blocked.executeTakeFirst());
  if (!streak.allowed) return { allowed: false, refusedBy: "throttle", retryAfterSeconds: streak.retryAfterSeconds };
  const budget = rateLimitHit(trx, plan.budget.key, plan.budget.windowMs, now);
  const spent = budget.result(await budget.query.executeTakeFirstOrThrow(), plan.budget.limit);
  if (!spent.allowed) return { allowed: false, refusedBy: "budget", retryAfterSeconds: spent.retryAfterSeconds };
  return { allowed: true };
}

/**
 * No wait is stored as 0, not as `now`: a concurrent attempt that took its time a moment
 * earlier (another request, another instance's clock) must not find itself blocked.
 */
function blockedUntil(now: number, waitMs: number): number {
  return waitMs > 0 ? now + waitMs : 0;
}

/**
 * `waitAfterAttempt` in SQL for the attempt number `attempt`. The schedule is ours, not
 * input, so its numbers are written into the statement as literals.
 */
function waitSql(schedule: ThrottleSchedule, attempt: RawBuilder<number>): RawBuilder<number> {
  const free = schedule.freeAttempts;
  const steps = schedule.waitsMs.slice(0, -1).map((wait, index) => sql`when ${attempt} = ${sql.lit(free + index)} then ${sql.lit(wait)}`);
  const last = schedule.waitsMs.at(-1) ?? 0;
  return sql<number>`(case when ${attempt} < ${sql.lit(free)} then 0 ${sql.join(steps, sql` `)} else ${sql.lit(last)} end)`;
}

/** Ends the streak under `key` (a successful login). */
export async function clearThrottle(key: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}

/** Deletes streaks that have started over anyway (no attempt for `streakResetMs`); returns how many. */
export async function pruneLoginThrottle(streakResetMs: number, now = Date.now()): Promise<number> {
  const db = await getDb();
  const at = Math.floor(now);
  const result = await db
    .deleteFrom("login_throttle")
    .where("last_attempt_at", "<=", at - streakResetMs)
    .where("blocked_until", "<=", at)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
