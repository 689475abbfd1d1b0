import { createHash, randomInt } from "node:crypto";
import type { ValidationIssues } from "@/lib/field-errors";
import { type SubmissionData, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { leadAcknowledgementEnabled, leadEmailsPerHour, leadWebhookConfig, mailConfig, mailReplyTo, rateLimitMultiplier } from "@/server/config";
import { getDb, isDatabaseUnavailable } from "@/server/db/connection";
import { addressLimitKey, clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, readJsonBody, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import type { NotificationAllowance } from "@/server/mail/mail-outbox";
import { kickOutbox } from "@/server/mail/outbox-worker";
import { consumeRateLimit } from "@/server/rate-limits/rate-limits";
import { buildAcknowledgementEmail, buildLeadEmail } from "./lead-emails";
import { emailKey } from "./lead-identity";
import { type LeadAcknowledgement, type LeadNotification, type Submission, storeSubmission } from "./lead-store";
import { siteHosts, submissionTouches } from "./lead-touches";
export type LeadOutcome =
  | { status: "invalid"; issues: ValidationIssues }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** A filled honeypot: answered like a stored lead, with an id that names nothing. */
  | { status: "spam"; id: number }
  | { status: "stored"; id: number };

/**
 * Every lead the site takes, posted as JSON (src/server/leads/receive-lead.ts) or by a
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

/**
 * POST /api/contact and /api/survey: a lead as a JSON object, answered 201 with its id,
 * or 415/413/400 for a body that is not one, 400 with the field errors, 429 past the
 * rate limit, 503 while the database is away. Nothing a client sends can reach the 500
 * branch; only a real fault can.
 */
export async function answerLeadJsonPost(kind: SubmissionKind, request: Request, socketAddress?: string): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  try {
    const outcome = await receiveLead(kind, body.value, clientAddress(request.headers, socketAddress), siteHosts(request));
    if (outcome.status === "invalid") return validationError(outcome.issues);
    if (outcome.status === "rate-limited") return tooManyRequests(outcome.retryAfterSeconds);
    return jsonResponse({ id: outcome.id }, 201);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error(`[api] ${kind} submission failed:`, error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}
