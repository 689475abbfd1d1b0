import { rateLimitMultiplier } from "@/server/config";
import { consumeRateLimit, peekRateLimit, resetRateLimit } from "@/server/db/rate-limits";

/** Failed logins allowed per client address and, separately, per username. */
export const LOGIN_FAILURE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

const keys = (address: string, username: string) => [`login-fail:addr:${address}`, `login-fail:user:${username.toLowerCase().slice(0, 200)}`];
const limit = () => Math.round(LOGIN_FAILURE_LIMIT.limit * rateLimitMultiplier());

/** Seconds to wait when either counter is spent, else 0. Checked before the password is. */
export async function loginBlockedFor(address: string, username: string): Promise<number> {
  const results = await Promise.all(keys(address, username).map((key) => peekRateLimit(key, limit(), LOGIN_FAILURE_LIMIT.windowMs)));
  const blocked = results.filter((result) => !result.allowed);
  return blocked.length ? Math.max(...blocked.map((result) => result.retryAfterSeconds)) : 0;
}

export async function recordLoginFailure(address: string, username: string): Promise<void> {
  await Promise.all(keys(address, username).map((key) => consumeRateLimit(key, limit(), LOGIN_FAILURE_LIMIT.windowMs)));
}

export async function clearLoginFailures(address: string, username: string): Promise<void> {
  await Promise.all(keys(address, username).map((key) => resetRateLimit(key)));
}
