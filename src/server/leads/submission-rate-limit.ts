import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { rateLimitMultiplier } from "@/server/config";
import { addressLimitKey } from "@/server/http/client-address";

/** Per client address and per form: plenty for a person, a wall for a script. */
export const SUBMISSION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/** The limit a submission of `kind` from `clientAddress` is counted against (IPv6 per /64). */
export function submissionRateLimit(kind: SubmissionKind, clientAddress: string) {
  return {
    key: `submit:${kind}:${addressLimitKey(clientAddress)}`,
    limit: Math.round(SUBMISSION_RATE_LIMIT.limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  };
}
