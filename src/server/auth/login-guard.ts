import pLimit from "p-limit";
import { rateLimitMultiplier } from "@/server/config";
import { type AttemptWindow, clearThrottle, pruneLoginThrottle, reserveLoginAttemptCounts, type ThrottleSchedule } from "@/server/auth/login-throttle";
import { consumeRateLimit, resetRateLimit } from "@/server/rate-limits/rate-limits";
import { addressLimitWindows } from "@/server/http/client-address";
import { checkDeviceCookie } from "./device-cookie";
import { verifyPassword } from "./password-hash";

/**
 * The login limits, after OWASP's device-cookie scheme. Every attempt is counted *before*
 * the password is checked, by one atomic statement per counter (an unknown browser's all
 * in one transaction), so no number of simultaneous requests on any number of instances
 * gets more password checks than the limits allow.
 *
 * - A browser that signed in before (a valid device cookie for the username) is limited
 *   on its own: `KNOWN_BROWSER_FAILURE_LIMIT` per device, then 429 for that device only.
 *   Whatever happens elsewhere cannot lock the owner out of it.
 * - Any other browser is limited per client address, `LOGIN_FAILURE_LIMIT` (IPv6: per /64,
 *   and more loosely per /56 and /48: `addressLimitWindows`), per username by a progressive
 *   slowdown, `UNKNOWN_BROWSER_THROTTLE` (the account is never locked, but guesses from all
 *   addresses together are bounded), and by the site's budget of password checks,
 *   `UNKNOWN_BROWSER_PASSWORD_BUDGET`, which bounds a flood from many addresses with many
 *   usernames. On each instance their password checks run `UNKNOWN_BROWSER_CONCURRENCY`
 *   at a time, so scrypt never takes more of libuv's thread pool (4 threads by default)
 *   than that from the files, DNS and crypto of everything else.
 */

/** Login attempts allowed per client address (IPv4) or IPv6 /64 from unknown browsers, in a fixed window. */
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

/**
 * Password checks for unknown browsers, across all instances, per minute (a fixed window,
 * so at most twice this in any 60 seconds). Past it, 503 with Retry-After until the
 * window ends. The owner needs one; a flood gets these and no more.
 */
export const UNKNOWN_BROWSER_PASSWORD_BUDGET = { limit: 15, windowMs: 60 * 1000 } as const;

/** Password checks for unknown browsers running at once on one instance; the others wait their turn. */
export const UNKNOWN_BROWSER_CONCURRENCY = 1;

export const FORGED_DEVICE_COOKIE = "This browser's sign-in record is not valid, so it has been removed. Please log in again.";
export const LOGIN_BUSY = "Too many sign-in attempts on this site right now. Please try again in a minute.";

const BUDGET_KEY = "login:budget";

export interface LoginAttemptRequest {
  /** The client address (`clientAddress`). */
  address: string;
  /** The username as typed. */
  username: string;
  /** The raw value of the device cookie, if the browser sent one. */
  deviceCookie: string | undefined;
  now?: number;
}

/** Set when the browser sent a device cookie of ours that no longer counts: the answer clears it. */
interface DeviceOutcome {
  revokedDevice: boolean;
}

export type LoginAttempt =
  /** A device cookie we did not sign: answer 400 and clear it. Nothing was counted. */
  | { status: "forged-device" }
  /** A limit of this client or username is reached: answer 429 with `Retry-After`. */
  | ({ status: "refused"; retryAfterSeconds: number } & DeviceOutcome)
  /** The site's budget of password checks is spent: answer 503 with `Retry-After`. */
  | ({ status: "busy"; retryAfterSeconds: number } & DeviceOutcome)
  /**
   * The attempt is counted; check the password with `checkPassword`. A failure needs
   * nothing more. On success, `succeeded` ends the failure counts this attempt was under
   * (the device cookie that makes the browser a known one comes with the session:
   * src/server/admin/signed-in-response.ts).
   */
  | ({ status: "reserved"; checkPassword(password: string, passwordHash: string): Promise<boolean>; succeeded(): Promise<void> } & DeviceOutcome);

const scaled = (limit: number) => Math.max(1, Math.round(limit * rateLimitMultiplier()));
const unknownBrowserChecks = pLimit(UNKNOWN_BROWSER_CONCURRENCY);

/** The slowdown as the database applies it, with RATE_LIMIT_MULTIPLIER applied to the free attempts. */
export function unknownBrowserSchedule(): ThrottleSchedule {
  const waitsMs: number[] = [];
  for (let wait = UNKNOWN_BROWSER_THROTTLE.firstWaitMs; ; wait *= 2) {
    waitsMs.push(Math.min(wait, UNKNOWN_BROWSER_THROTTLE.maxWaitMs));
    if (wait >= UNKNOWN_BROWSER_THROTTLE.maxWaitMs) break;
  }
  return { freeAttempts: scaled(UNKNOWN_BROWSER_THROTTLE.freeAttempts), waitsMs, streakResetMs: UNKNOWN_BROWSER_THROTTLE.streakResetMs };
}

/** The per-address counts of an unknown browser: the IPv4 address, or the IPv6 /64, /56 and /48. */
function addressWindows(address: string): AttemptWindow[] {
  return addressLimitWindows("login:addr:", address, LOGIN_FAILURE_LIMIT.limit).map(({ key, limit }) => ({ key, limit: scaled(limit), windowMs: LOGIN_FAILURE_LIMIT.windowMs }));
}

/** Counts a login attempt against the limits that apply to it, before any password is checked. */
export async function reserveLoginAttempt({ address, username, deviceCookie, now = Date.now() }: LoginAttemptRequest): Promise<LoginAttempt> {
  const device = await checkDeviceCookie(deviceCookie, now);
  if (device.status === "forged") return { status: "forged-device" };
  const revokedDevice = device.status === "revoked";
  const usernameKey = username.toLowerCase().slice(0, 200);
  // A device cookie for another username is no evidence about this one.
  if (device.status === "valid" && device.device.username.toLowerCase() === usernameKey) {
    const deviceKey = `login:device:${device.device.nonce}`;
    const hit = await consumeRateLimit(deviceKey, scaled(KNOWN_BROWSER_FAILURE_LIMIT.limit), KNOWN_BROWSER_FAILURE_LIMIT.windowMs, now);
    if (!hit.allowed) return { status: "refused", retryAfterSeconds: hit.retryAfterSeconds, revokedDevice };
    return { status: "reserved", revokedDevice, checkPassword: verifyPassword, succeeded: () => resetRateLimit(deviceKey) };
  }

  const perAddress = addressWindows(address);
  const userKey = `login:user:${usernameKey}`;
  // All or nothing: an attempt refused by one count costs the others nothing.
  const counted = await reserveLoginAttemptCounts(
    {
      windows: perAddress,
      throttle: { key: userKey, schedule: unknownBrowserSchedule() },
      budget: { key: BUDGET_KEY, limit: scaled(UNKNOWN_BROWSER_PASSWORD_BUDGET.limit), windowMs: UNKNOWN_BROWSER_PASSWORD_BUDGET.windowMs },
    },
    now,
  );
  if (!counted.allowed) return { status: counted.refusedBy === "budget" ? "busy" : "refused", retryAfterSeconds: counted.retryAfterSeconds, revokedDevice };
  return {
    status: "reserved",
    revokedDevice,
    checkPassword: (password, passwordHash) => unknownBrowserChecks(() => verifyPassword(password, passwordHash)),
    succeeded: async () => {
      await Promise.all([...perAddress.map((counter) => resetRateLimit(counter.key)), clearThrottle(userKey)]);
    },
  };
}

/** Deletes the slowdown streaks that have started over anyway; the rate-limit rows have `pruneRateLimits`. */
export function pruneLoginThrottles(now = Date.now()): Promise<number> {
  return pruneLoginThrottle(UNKNOWN_BROWSER_THROTTLE.streakResetMs, now);
}
