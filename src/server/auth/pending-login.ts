import { createHash, randomBytes } from "node:crypto";
import { countPendingLoginAttempt, createPendingLogin, deletePendingLogin, pendingLoginIsLive } from "@/server/auth/admin-pending-logins";

/**
 * A right password while the second factor is on opens a pending login instead of a
 * session: a random token in a short-lived cookie (only its hash is stored) that the
 * second step must present with the code.
 */
export const PENDING_LOGIN_COOKIE = "sr_admin_pending_login";
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong codes allowed per pending login; then it is void and the password is asked again. */
export const PENDING_LOGIN_MAX_ATTEMPTS = 5;

function hashPendingLoginToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function startPendingLogin(now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createPendingLogin(hashPendingLoginToken(token), now, PENDING_LOGIN_TTL_MS);
  return token;
}

const plausibleToken = (token: string | undefined): token is string => token !== undefined && token.length > 0 && token.length <= 200;

export async function isPendingLoginLive(token: string | undefined, now = Date.now()): Promise<boolean> {
  return plausibleToken(token) && pendingLoginIsLive(hashPendingLoginToken(token), now);
}

/** The number of this code attempt, or undefined when the pending login is gone, expired or spent. */
export async function countPendingLoginCodeAttempt(token: string, now = Date.now()): Promise<number | undefined> {
  return countPendingLoginAttempt(hashPendingLoginToken(token), PENDING_LOGIN_MAX_ATTEMPTS, now);
}

/** True for the one call that ends it, so one pending login gives at most one session. */
export async function endPendingLogin(token: string): Promise<boolean> {
  return deletePendingLogin(hashPendingLoginToken(token));
}
