import { rateLimitMultiplier } from "@/server/config";
import { addressLimitWindows } from "@/server/http/client-address";
import { SUBMISSION_RATE_LIMIT } from "@/server/leads/receive-lead";

/**
 * Bookings are counted per client address like the forms' submissions: the same limit and
 * window, IPv6 per /64, /56 and /48 (`addressLimitWindows`, as login counts them).
 */
export function bookingRateLimits(clientAddress: string) {
  return addressLimitWindows("submit:booking:", clientAddress, SUBMISSION_RATE_LIMIT.limit).map(({ key, limit }) => ({
    key,
    limit: Math.round(limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  }));
}
