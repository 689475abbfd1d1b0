import "server-only";
import { rateLimitMultiplier } from "@/server/config";
import { consumeRateLimit } from "@/server/db/rate-limits";

/** Per client address and per form: plenty for a person, a wall for a script. */
export const SUBMISSION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export type LeadKind = "contact" | "survey";

export async function consumeSubmissionAllowance(kind: LeadKind, clientAddress: string) {
  return consumeRateLimit(
    `submit:${kind}:${clientAddress}`,
    Math.round(SUBMISSION_RATE_LIMIT.limit * rateLimitMultiplier()),
    SUBMISSION_RATE_LIMIT.windowMs,
  );
}
