import { type RawBuilder, sql } from "kysely";
import { getDb } from "./connection";

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
  const at = Math.floor(now);
  // `cast`: PostgreSQL would otherwise type the bound epoch milliseconds as a 32-bit integer.
  const atValue = sql<number>`cast(${at} as bigint)`;
  const stored = (column: "attempts" | "blocked_until" | "last_attempt_at") => sql.ref(`login_throttle.${column}`);
  const attempt = sql<number>`case when ${stored("last_attempt_at")} + ${sql.lit(schedule.streakResetMs)} <= ${atValue} then 1 else ${stored("attempts")} + 1 end`;
  const row = await db
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
    .returning("attempts")
    .executeTakeFirst();
  if (row) return { allowed: true, attempt: Number(row.attempts) };

  const blocked = await db.selectFrom("login_throttle").select("blocked_until").where("key", "=", key).executeTakeFirst();
  const waitMs = blocked ? Number(blocked.blocked_until) - at : 0;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
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
