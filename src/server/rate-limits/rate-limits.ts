import { type Kysely, sql } from "kysely";
import { getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window of `windowMs` and says whether it is
 * within `limit`. One upsert statement does the read, the window reset and the
 * increment, so hits from any number of processes or instances are counted exactly.
 * Given an `executor` (a transaction), the hit counts only if that commits.
 */
export async function consumeRateLimit(key: string, limit: number, windowMs: number, now = Date.now(), executor?: Kysely<Database>): Promise<RateLimitResult> {
  const hit = rateLimitHit(executor ?? (await getDb()), key, windowMs, now);
  return hit.result(await hit.query.executeTakeFirstOrThrow(), limit);
}

/** One fixed window a hit is counted against. */
export type RateLimitWindow = { key: string; limit: number; windowMs: number };

/**
 * Counts one hit against every window in `limits` (all of them count it, refused or not)
 * and says whether all allowed it; refused, the client waits for the refusing window that
 * ends last. Given an `executor` (a transaction), the hits count only if that commits.
 */
export async function consumeRateLimits(limits: readonly RateLimitWindow[], now = Date.now(), executor?: Kysely<Database>): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  let retryAfterSeconds = 0;
  for (const { key, limit, windowMs } of limits) {
    const allowance = await consumeRateLimit(key, limit, windowMs, now, executor);
    if (!allowance.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, allowance.retryAfterSeconds);
  }
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** The upsert of `consumeRateLimit` and how to read its row, shared with the lead e-mail allowance (mail-outbox.ts). */
export function rateLimitHit(db: Kysely<Database>, key: string, windowMs: number, now: number) {
  const at = Math.floor(now);
  const span = Math.max(1, Math.floor(windowMs));
  // Inside DO UPDATE, `rate_limits.<column>` is the stored row on both engines.
  const windowOver = sql<boolean>`${sql.ref("rate_limits.window_start")} + ${span} <= ${at}`;
  const query = db
    .insertInto("rate_limits")
    .values({ key, window_start: at, count: 1, expires_at: at + span })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        window_start: sql<number>`case when ${windowOver} then ${at} else ${sql.ref("rate_limits.window_start")} end`,
        count: sql<number>`case when ${windowOver} then 1 else ${sql.ref("rate_limits.count")} + 1 end`,
        expires_at: sql<number>`case when ${windowOver} then ${at + span} else ${sql.ref("rate_limits.expires_at")} end`,
      }),
    )
    .returning(["window_start", "count"]);
  return {
    query,
    result: (row: { window_start: number; count: number }, limit: number) => toResult(Number(row.window_start), Number(row.count), limit, span, at, "consumed"),
  };
}

/**
 * Read-only: would the next hit on `key` be refused? Lets the login check a failed-login
 * limit before spending time on a password hash, without counting the attempt.
 */
export async function peekRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitResult> {
  const db = await getDb();
  const at = Math.floor(now);
  const span = Math.max(1, Math.floor(windowMs));
  const row = await db.selectFrom("rate_limits").select(["window_start", "count"]).where("key", "=", key).executeTakeFirst();
  if (!row) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
  return toResult(Number(row.window_start), Number(row.count), limit, span, at, "peeked");
}

/**
 * Takes back one hit of the current window of `key`: for an attempt that another limit
 * refused before it did anything, so that waiting it out costs the client nothing here.
 * Given an `executor` (a transaction), only if that commits.
 */
export async function releaseRateLimitHit(key: string, now = Date.now(), executor?: Kysely<Database>): Promise<void> {
  const db = executor ?? (await getDb());
  await db
    .updateTable("rate_limits")
    .set({ count: sql<number>`${sql.ref("count")} - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .where("expires_at", ">", Math.floor(now))
    .execute();
}

export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Deletes windows that have ended; returns how many. */
export async function pruneRateLimits(now = Date.now()): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", Math.floor(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toResult(windowStart: number, count: number, limit: number, span: number, now: number, mode: "consumed" | "peeked"): RateLimitResult {
  const windowEnd = windowStart + span;
  if (windowEnd <= now) return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
  // A consumed hit is already in `count`; a peek asks about the hit that would come next.
  const allowed = mode === "consumed" ? count <= limit : count < limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}
