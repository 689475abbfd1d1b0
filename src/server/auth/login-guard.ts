import { rateLimitMultiplier } from "@/server/config";
import { clearThrottle, pruneLoginThrottle, reserveThrottledAttempt, type ThrottleSchedule } from "@/server/db/login-throttle";
import { consumeRateLimit, releaseRateLimitHit, resetRateLimit } from "@/server/db/rate-limits";
import { addressLimitKey } from "@/server/http/client-address";
import { checkDeviceCookie } from "./device-cookie";

/**
 * The login limits, after OWASP's device-cookie scheme. Every attempt is counted *before*
 * the password is checked, by one atomic statement per counter, so no number of
 * simultaneous requests on any number of instances gets more password checks than the
 * limits allow.
 *
 * - A browser that signed in before (a valid device cookie for the username) is limited
 *   on its own: `KNOWN_BROWSER_FAILURE_LIMIT` per device, then 429 for that device only.
 *   Whatever happens elsewhere cannot lock the owner out of it.
 * - Any other browser is limited per client address (IPv6: per /64), `LOGIN_FAILURE_LIMIT`,
 *   and per username by a progressive slowdown, `UNKNOWN_BROWSER_THROTTLE`: the account
 *   is never locked, but guesses from all addresses together are bounded.
 */

/** Login attempts allowed per client address from unknown browsers, in a fixed window. */
export const LOGIN_FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/** Failed logins allowed per known browser (device cookie), in a fixed window. */
export const KNOWN_BROWSER_FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * Per username, from unknown browsers: `freeAttempts` at once, then each further attempt
 * waits for the one before, 1 minute doubling to at most 1 hour. A streak ends with a
 * successful login from an unknown browser, or after a day without attempts.
 */
export const UNKNOWN_BROWSER_THROTTLE = {
  freeAttempts: 5,
  firstWaitMs: 60 * 1000,
  maxWaitMs: 60 * 60 * 1000,
  streakResetMs: 24 * 60 * 60 * 1000,
} as const;

export const FORGED_DEVICE_COOKIE = "This browser's sign-in record is not valid, so it has been removed. Please log in again.";

export interface LoginAttemptRequest {
  /** The client address (`clientAddress`). */
  address: string;
  /** The username as typed. */
  username: string;
  /** The raw value of the device cookie, if the browser sent one. */
  deviceCookie: string | undefined;
  now?: number;
}

export type LoginAttempt =
  /** A device cookie we did not sign: answer 400 and clear it. Nothing was counted. */
  | { status: "forged-device" }
  /** A limit is reached: answer 429 with `Retry-After`. */
  | { status: "refused"; retryAfterSeconds: number }
  /**
   * The attempt is counted; check the password. A failure needs nothing more. On success,
   * `succeeded` ends the failure counts this attempt was under (the device cookie that makes
   * the browser a known one comes with the session: src/server/admin/signed-in-response.ts).
   */
  | { status: "reserved"; succeeded(): Promise<void> };

const scaled = (limit: number) => Math.max(1, Math.round(limit * rateLimitMultiplier()));

/** The slowdown as the database applies it, with RATE_LIMIT_MULTIPLIER applied to the free attempts. */
export function unknownBrowserSchedule(): ThrottleSchedule {
  const waitsMs: number[] = [];
  for (let wait = UNKNOWN_BROWSER_THROTTLE.firstWaitMs; ; wait *= 2) {
    waitsMs.push(Math.min(wait, UNKNOWN_BROWSER_THROTTLE.maxWaitMs));
    if (wait >= UNKNOWN_BROWSER_THROTTLE.maxWaitMs) break;
  }
  return { freeAttempts: scaled(UNKNOWN_BROWSER_THROTTLE.freeAttempts), waitsMs, streakResetMs: UNKNOWN_BROWSER_THROTTLE.streakResetMs };
}

/** Counts a login attempt against the limits that apply to it, before any password is checked. */
export async function reserveLoginAttempt({ address, username, deviceCookie, now = Date.now() }: LoginAttemptRequest): Promise<LoginAttempt> {
  const device = await checkDeviceCookie(deviceCookie);
  if (device.status === "forged") return { status: "forged-device" };
  const usernameKey = username.toLowerCase().slice(0, 200);
  // A device cookie for another username is no evidence about this one.
  if (device.status === "valid" && device.device.username.toLowerCase() === usernameKey) {
    const deviceKey = `login:device:${device.device.nonce}`;
    const hit = await consumeRateLimit(deviceKey, scaled(KNOWN_BROWSER_FAILURE_LIMIT.limit), KNOWN_BROWSER_FAILURE_LIMIT.windowMs, now);
    if (!hit.allowed) return { status: "refused", retryAfterSeconds: hit.retryAfterSeconds };
    return reserved(() => resetRateLimit(deviceKey));
  }

  const addressKey = `login:addr:${addressLimitKey(address)}`;
  const addressHit = await consumeRateLimit(addressKey, scaled(LOGIN_FAILURE_LIMIT.limit), LOGIN_FAILURE_LIMIT.windowMs, now);
  if (!addressHit.allowed) return { status: "refused", retryAfterSeconds: addressHit.retryAfterSeconds };
  const userKey = `login:user:${usernameKey}`;
  const streak = await reserveThrottledAttempt(userKey, unknownBrowserSchedule(), now);
  if (!streak.allowed) {
    // Refused before any password was checked: waiting for the username costs the address nothing.
    await releaseRateLimitHit(addressKey, now);
    return { status: "refused", retryAfterSeconds: streak.retryAfterSeconds };
  }
  return reserved(async () => {
    await Promise.all([resetRateLimit(addressKey), clearThrottle(userKey)]);
  });
}

function reserved(clearFailures: () => Promise<void>): LoginAttempt {
  return { status: "reserved", succeeded: clearFailures };
}

/** Deletes the slowdown streaks that have started over anyway; the rate-limit rows have `pruneRateLimits`. */
export function pruneLoginThrottles(now = Date.now()): Promise<number> {
  return pruneLoginThrottle(UNKNOWN_BROWSER_THROTTLE.streakResetMs, now);
}
