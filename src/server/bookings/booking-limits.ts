import { rateLimitMultiplier } from "@/server/config";
import { addressLimitKey } from "@/server/http/client-address";
import { SUBMISSION_RATE_LIMIT } from "@/server/leads/submission-rate-limit";

/** Bookings are counted per client address like the forms' submissions (the same limit and window). */
export function bookingRateLimit(clientAddress: string) {
  return {
    key: `submit:booking:${addressLimitKey(clientAddress)}`,
    limit: Math.round(SUBMISSION_RATE_LIMIT.limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  };
}
