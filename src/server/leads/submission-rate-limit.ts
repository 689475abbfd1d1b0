import { rateLimitMultiplier } from "@/server/config";

/** Per client address and per form: plenty for a person, a wall for a script. */
export const SUBMISSION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export type LeadKind = "contact" | "survey";

/** The limit a submission of `kind` from `clientAddress` is counted against. */
export function submissionRateLimit(kind: LeadKind, clientAddress: string) {
  return {
    key: `submit:${kind}:${clientAddress}`,
    limit: Math.round(SUBMISSION_RATE_LIMIT.limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  };
}
