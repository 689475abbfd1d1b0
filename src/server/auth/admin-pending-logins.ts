import { getDb } from "@/server/db/connection";

/** `tokenHash` is the sha-256 hex of the cookie token, never the token itself. */
export async function createPendingLogin(tokenHash: string, now: number, ttlMs: number): Promise<void> {
  const db = await getDb();
  // Logins that were never finished are cleared here too (and by the pruning job): a row
  // exists only after a right password, so this table stays as small as the number of recent sign-ins.
  await deleteExpiredPendingLogins(now);
  await db.insertInto("admin_pending_logins").values({ token_hash: tokenHash, created_at: now, expires_at: now + ttlMs, attempts: 0 }).execute();
}

export async function pendingLoginIsLive(tokenHash: string, now: number): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .selectFrom("admin_pending_logins")
    .select("token_hash")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one code attempt against a live pending login and returns the attempt's number,
 * or undefined when the login is unknown, expired or has used all `maxAttempts`. One
 * conditional update, so parallel attempts cannot exceed the allowance.
 */
export async function countPendingLoginAttempt(tokenHash: string, maxAttempts: number, now: number): Promise<number | undefined> {
  const db = await getDb();
  const row = await db
    .updateTable("admin_pending_logins")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .where("attempts", "<", maxAttempts)
    .returning("attempts")
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.attempts);
}

/** True when this call removed it: a pending login completes (or is voided) once. */
export async function deletePendingLogin(tokenHash: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_pending_logins").where("token_hash", "=", tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the pending logins past their expiry; returns how many. */
export async function deleteExpiredPendingLogins(now: number): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_pending_logins").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every pending login: the password they were opened with no longer counts. */
export async function deleteAllPendingLogins(): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_pending_logins").executeTakeFirst();
  return Number(result.numDeletedRows);
}
