import { createHash, randomBytes } from "node:crypto";
import { createAdminSession, deleteAdminSession, findAdminSession, touchAdminSession } from "@/server/db/admin-sessions";

export const SESSION_COOKIE = "sr_admin_session";
/** A session ends after this long without a request… */
export const SESSION_IDLE_TTL_MS = 2 * 60 * 60 * 1000;
/** …and after this long in any case. */
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60 * 1000;
/** Writing last-seen on every request would make each read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Only the hash is stored: a copy of the sessions table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function startAdminSession(now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString("base64url");
  const session = await createAdminSession(hashSessionToken(token), now, SESSION_ABSOLUTE_TTL_MS);
  return { token, expiresAt: session.expiresAt };
}

/** The session behind a cookie value, if it is still valid; expired ones are removed. */
export async function validateAdminSession(token: string | undefined, now = Date.now()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const tokenHash = hashSessionToken(token);
  const session = await findAdminSession(tokenHash);
  if (!session) return false;
  if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_TTL_MS) {
    await deleteAdminSession(tokenHash);
    return false;
  }
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) await touchAdminSession(tokenHash, now);
  return true;
}

export async function endAdminSession(token: string | undefined): Promise<void> {
  if (token) await deleteAdminSession(hashSessionToken(token));
}
