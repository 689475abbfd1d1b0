import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { getDb } from "@/server/db/connection";
import type { AdminSessionsTable } from "@/server/db/schema";

/** Times are epoch milliseconds; the auth layer compares them with its clock. */
export type AdminSession = {
  tokenHash: string;
  /** How the account page and its API name the session; see `AdminSessionsTable.public_id`. */
  publicId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
  address: string | null;
};

/** What is recorded about the browser that signed in, for the sessions list. */
export type AdminSessionOrigin = { userAgent?: string | null; address?: string | null };

/** 16 random bytes, base64url: unguessable, and useless without the cookie token anyway. */
export const SESSION_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function fromRow(row: Selectable<AdminSessionsTable>): AdminSession {
  return {
    tokenHash: row.token_hash,
    publicId: row.public_id,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    userAgent: row.user_agent,
    address: row.address,
  };
}

/** `tokenHash` is the sha-256 hex of the cookie token, never the token itself. */
export async function createAdminSession(tokenHash: string, now: number, absoluteTtlMs: number, origin: AdminSessionOrigin = {}): Promise<AdminSession> {
  const db = await getDb();
  const row: Selectable<AdminSessionsTable> = {
    token_hash: tokenHash,
    public_id: randomBytes(16).toString("base64url"),
    created_at: now,
    last_seen_at: now,
    expires_at: now + absoluteTtlMs,
    user_agent: origin.userAgent ?? null,
    address: origin.address ?? null,
  };
  await db.insertInto("admin_sessions").values(row).execute();
  return fromRow(row);
}

/** The stored session, expired or not: deciding what "expired" means is the auth layer's job. */
export async function findAdminSession(tokenHash: string): Promise<AdminSession | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("admin_sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  return row && fromRow(row);
}

/** Every stored session, most recently active first (expired ones included: the caller filters). */
export async function listAdminSessions(): Promise<AdminSession[]> {
  const db = await getDb();
  const rows = await db.selectFrom("admin_sessions").selectAll().orderBy("last_seen_at", "desc").orderBy("created_at", "desc").execute();
  return rows.map(fromRow);
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

/** Ends the session the account page calls `publicId`; false when there is none. */
export async function deleteAdminSessionByPublicId(publicId: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_sessions").where("public_id", "=", publicId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session but the one whose token hashes to `keptTokenHash` (or all, without one). */
export async function deleteOtherAdminSessions(keptTokenHash?: string): Promise<number> {
  const db = await getDb();
  let query = db.deleteFrom("admin_sessions");
  if (keptTokenHash !== undefined) query = query.where("token_hash", "<>", keptTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
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
