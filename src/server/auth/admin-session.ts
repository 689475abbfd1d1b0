import { createHash, randomBytes } from "node:crypto";
import {
  type AdminSession,
  type AdminSessionOrigin,
  createAdminSession,
  deleteAdminSession,
  findAdminSession,
  touchAdminSession,
} from "@/server/auth/admin-sessions";
import { hostCookieName, isSecureRequest, readCookie, serializeCookie } from "@/server/http/cookies";

/** The cookie's name locally; over HTTPS it is `__Host-sr_admin_session` (see `sessionCookieName`). */
export const SESSION_COOKIE = "sr_admin_session";
/** A session ends after this long without a request… */
export const SESSION_IDLE_TTL_MS = 2 * 60 * 60 * 1000;
/** …and after this long in any case. */
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60 * 1000;
/** Writing last-seen on every request would make each read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Enough of a User-Agent to name the browser; the rest is not worth storing. */
const USER_AGENT_MAX = 512;

/** Only the hash is stored: a copy of the sessions table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The session cookie's name on this request: `__Host-` prefixed over HTTPS (directly or
 * through a proxy that says so in X-Forwarded-Proto), so no subdomain or plain-HTTP page
 * can plant or shadow it; the bare name locally, where browsers refuse the prefix. It is
 * read and written under this one name only.
 */
export function sessionCookieName(request: Request): string {
  return hostCookieName(SESSION_COOKIE, isSecureRequest(request));
}

/** The session token the request carries, if any. */
export function readSessionToken(request: Request): string | undefined {
  return readCookie(request, sessionCookieName(request));
}

/** The Set-Cookie value that hands this browser its session token. */
export function sessionCookie(request: Request, token: string): string {
  return serializeCookie(sessionCookieName(request), token, { maxAgeSeconds: SESSION_ABSOLUTE_TTL_MS / 1000, secure: isSecureRequest(request) });
}

/** The Set-Cookie value that removes the session cookie from this browser. */
export function clearedSessionCookie(request: Request): string {
  return serializeCookie(sessionCookieName(request), "", { maxAgeSeconds: 0, secure: isSecureRequest(request) });
}

/** What the sessions list shows of the browser signing in: its User-Agent and address. */
export function sessionOriginOf(request: Request, address: string | undefined): AdminSessionOrigin {
  return { userAgent: request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) || null, address: address || null };
}

export async function startAdminSession(origin: AdminSessionOrigin = {}, now = Date.now()): Promise<{ token: string; expiresAt: number; publicId: string }> {
  const token = randomBytes(32).toString("base64url");
  const session = await createAdminSession(hashSessionToken(token), now, SESSION_ABSOLUTE_TTL_MS, origin);
  return { token, expiresAt: session.expiresAt, publicId: session.publicId };
}

/** Whether a stored session is still valid at `now`. */
export function isSessionLive(session: AdminSession, now: number): boolean {
  return now < session.expiresAt && now - session.lastSeenAt < SESSION_IDLE_TTL_MS;
}

/** The session behind a cookie value, if it is still valid; expired ones are removed. */
export async function validateAdminSession(token: string | undefined, now = Date.now()): Promise<AdminSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashSessionToken(token);
  const session = await findAdminSession(tokenHash);
  if (!session) return null;
  if (!isSessionLive(session, now)) {
    await deleteAdminSession(tokenHash);
    return null;
  }
  if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    // Ended meanwhile (from another browser, or a password change): no longer valid.
    if (!(await touchAdminSession(tokenHash, now))) return null;
    return { ...session, lastSeenAt: now };
  }
  return session;
}

export async function endAdminSession(token: string | undefined): Promise<void> {
  if (token) await deleteAdminSession(hashSessionToken(token));
}
