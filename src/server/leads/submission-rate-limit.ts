import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { rateLimitMultiplier } from "@/server/config";
import { addressLimitWindows } from "@/server/http/client-address";

/** Per client address (IPv6: per /64) and per form: plenty for a person, a wall for a script. */
export const SUBMISSION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * The limits a submission of `kind` from `clientAddress` is counted against, as login counts
 * addresses: an IPv4 address alone; an IPv6 address per /64, and twice and four times as
 * loosely per /56 and /48 (`addressLimitWindows`). The first is the client's own.
 */
export function submissionRateLimits(kind: SubmissionKind, clientAddress: string) {
  return addressLimitWindows(`submit:${kind}:`, clientAddress, SUBMISSION_RATE_LIMIT.limit).map(({ key, limit }) => ({
    key,
    limit: Math.round(limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  }));
}
