import { createHash, randomInt } from "node:crypto";
import type { ValidationIssues } from "@/lib/field-errors";
import { type SubmissionData, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { leadAcknowledgementEnabled, leadEmailsPerHour, leadWebhookConfig, mailConfig, mailReplyTo, rateLimitMultiplier } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { type LeadAcknowledgement, type LeadNotification, type Submission, storeSubmission } from "@/server/leads/lead-store";
import { consumeRateLimit } from "@/server/rate-limits/rate-limits";
import { buildAcknowledgementEmail, buildLeadEmail } from "@/server/leads/lead-emails";
import { kickOutbox } from "@/server/mail/outbox-worker";
import { submissionTouches } from "./lead-touches";
import type { NotificationAllowance } from "@/server/mail/mail-outbox";
import { emailKey } from "@/server/leads/lead-identity";
import { addressLimitKey } from "@/server/http/client-address";

export type LeadOutcome =
  | { status: "invalid"; issues: ValidationIssues }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** A filled honeypot: answered like a stored lead, with an id that names nothing. */
  | { status: "spam"; id: number }
  | { status: "stored"; id: number };

/**
 * Every lead the site takes, posted as JSON (src/server/leads/lead-json-post.ts) or by a
 * form without scripts (lead-form-post.ts), comes through here: validated with its
 * kind's schema, then, in one transaction, counted against the client's rate limit
 * (a bot's filled honeypot too), and stored with the e-mail that tells the owner.
 * Once acknowledged, it is kept and will be e-mailed even if SMTP is down at that
 * moment; past LEAD_EMAILS_PER_HOUR in an hour, its e-mail waits for the hourly digest.
 * The visitor's acknowledgement e-mail is queued in the same transaction (unless
 * LEAD_ACKNOWLEDGEMENT is off; rules in docs/lead-mail.md).
 * Its touches get their channels here, with `ownHosts` never counted as a referrer.
 */
export async function receiveLead<Kind extends SubmissionKind>(kind: Kind, input: unknown, clientAddress: string, ownHosts: readonly string[] = []): Promise<LeadOutcome> {
  const form = submissionForms[kind];
  const parsed = form.schema.safeParse(input);
  if (!parsed.success) return { status: "invalid", issues: parsed.error };
  const data: SubmissionData[Kind] = parsed.data;
  const mail = mailConfig();
  const { key, limit, windowMs } = submissionRateLimit(kind, clientAddress);

  const db = await getDb();
  const outcome = await db.transaction().execute(async (trx): Promise<LeadOutcome> => {
    const now = Date.now();
    const allowance = await consumeRateLimit(key, limit, windowMs, now, trx);
    if (!allowance.allowed) return { status: "rate-limited", retryAfterSeconds: allowance.retryAfterSeconds };
    if (data[form.honeypot]) return { status: "spam", id: randomInt(1, 1_000_000) };
    const notification: LeadNotification | undefined = mail ? { message: buildLeadEmail(kind, data, mail, new Date(now)), allowance: leadEmailAllowance() } : undefined;
    const acknowledgement: LeadAcknowledgement | undefined =
      mail && leadAcknowledgementEnabled()
        ? { message: buildAcknowledgementEmail(kind, data, { from: mail.from, replyTo: mailReplyTo() ?? mail.leadsTo }), allowance: acknowledgementAllowance(data.email) }
        : undefined;
    // `kind` and `data` belong together, which TypeScript cannot follow through the generic.
    const touches = submissionTouches(data, ownHosts, now);
    const { id } = await storeSubmission(trx, { kind, data, touches } as Submission, now, notification, acknowledgement);
    return { status: "stored", id };
  });
  if (outcome.status === "stored" && (mail || leadWebhookConfig())) kickOutbox();
  return outcome;
}

/** A visitor's address gets at most one acknowledgement in this long. */
export const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60 * 1000;

/**
 * The counter that keeps an address to one acknowledgement an hour, in the rate-limit
 * table. Its key holds the SHA-256 of the address as leads are matched on (trimmed, lower
 * case), never the address: erasing a person must leave no row that holds it.
 */
export function acknowledgementAllowance(address: string): NotificationAllowance {
  const normalised = emailKey(address) ?? "";
  return { key: `acknowledgement:${createHash("sha256").update(normalised).digest("hex")}`, limit: 1, windowMs: ACKNOWLEDGEMENT_WINDOW_MS };
}

/** The window LEAD_EMAILS_PER_HOUR counts in; a digest goes out when one that overflowed ends. */
export const LEAD_EMAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * One counter for every lead notification, contact requests and surveys together, shared
 * by all instances: a flood cannot exhaust the SMTP quota or bury real leads in the
 * owner's inbox. Not scaled by RATE_LIMIT_MULTIPLIER: it protects the owner, not the site.
 */
export function leadEmailAllowance(): NotificationAllowance {
  return { key: "lead-emails", limit: leadEmailsPerHour(), windowMs: LEAD_EMAIL_WINDOW_MS };
}

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
