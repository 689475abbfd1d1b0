import { getDb } from "./connection";

/** Times are epoch milliseconds; the auth layer compares them with its clock. */
export type AdminSession = { tokenHash: string; createdAt: number; lastSeenAt: number; expiresAt: number };

/** `tokenHash` is the sha-256 hex of the cookie token, never the token itself. */
export async function createAdminSession(tokenHash: string, now: number, absoluteTtlMs: number): Promise<AdminSession> {
  const db = await getDb();
  const session = { tokenHash, createdAt: now, lastSeenAt: now, expiresAt: now + absoluteTtlMs };
  await db
    .insertInto("admin_sessions")
    .values({ token_hash: tokenHash, created_at: now, last_seen_at: now, expires_at: session.expiresAt })
    .execute();
  return session;
}

/** The stored session, expired or not: deciding what "expired" means is the auth layer's job. */
export async function findAdminSession(tokenHash: string): Promise<AdminSession | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("admin_sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  return row && { tokenHash: row.token_hash, createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at };
}

/** Records activity (for the idle timeout). False when the session is gone. */
export async function touchAdminSession(tokenHash: string, now: number): Promise<boolean> {
  const db = await getDb();
  const result = await db.updateTable("admin_sessions").set({ last_seen_at: now }).where("token_hash", "=", tokenHash).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAdminSession(tokenHash: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_sessions").where("token_hash", "=", tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes sessions past their absolute expiry or idle for `idleTtlMs`; returns how many. */
export async function deleteExpiredAdminSessions(now: number, idleTtlMs: number): Promise<number> {
  const db = await getDb();
  const result = await db
    .deleteFrom("admin_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", now - idleTtlMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
