import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { ValidationIssues } from "@/lib/field-errors";
import { type SubmissionData, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { acknowledgementsPerHour, leadAcknowledgementEnabled, leadEmailsPerHour, leadWebhookConfig, mailConfig, mailReplyTo, rateLimitMultiplier } from "@/server/config";
import { getDb, isDatabaseUnavailable } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";
import { addressLimitWindows, clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, readJsonBody, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import type { NotificationAllowance } from "@/server/mail/mail-outbox";
import { kickOutbox } from "@/server/mail/mail-outbox";
import { consumeRateLimits, type RateLimitWindow } from "@/server/rate-limits/rate-limits";
import { getSetting, setSettingIfAbsent } from "@/server/settings/settings";
import { buildAcknowledgementEmail, buildLeadEmail } from "./lead-notifications";
import { type LeadAcknowledgement, type LeadNotification, type Submission, storeSubmission } from "./lead-store";
import { siteHosts, submissionTouches } from "./lead-touches";
import type { ConsultationAction } from "@/lib/lead-desk";
import { queueLeadWebhook } from "./lead-notifications";
import { queueLeadPushes } from "./lead-notifications";
import { joinOrStartLead } from "./lead-store";

export type LeadOutcome =
  | { status: "invalid"; issues: ValidationIssues }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** A filled honeypot: answered like a stored lead (the answer names no id either way). */
  | { status: "spam" }
  | { status: "stored"; id: number };

/**
 * Every lead the site takes, posted as JSON (src/server/leads/receive-lead.ts) or by a
 * form without scripts (lead-form-post.ts), comes through here: validated with its
 * kind's schema, then, in one transaction, counted against the client's rate limit
 * (IPv6 per /64, /56 and /48; a bot's filled honeypot too), and stored with the e-mail that tells the owner.
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
  const limits = submissionRateLimits(kind, clientAddress);
  // Read before the transaction: the first use creates the HMAC key in the settings table.
  const acknowledgement: LeadAcknowledgement | undefined =
    mail && leadAcknowledgementEnabled()
      ? { message: buildAcknowledgementEmail(kind, data, { from: mail.from, replyTo: mailReplyTo() ?? mail.leadsTo }), allowances: await acknowledgementAllowances(data.email) }
      : undefined;

  const db = await getDb();
  let pushes = 0;
  const outcome = await db.transaction().execute(async (trx): Promise<LeadOutcome> => {
    const now = Date.now();
    const allowance = await consumeRateLimits(limits, now, trx);
    if (!allowance.allowed) return { status: "rate-limited", retryAfterSeconds: allowance.retryAfterSeconds };
    if (data[form.honeypot]) return { status: "spam" };
    const notification: LeadNotification | undefined = mail ? { message: (lead) => buildLeadEmail(kind, data, mail, new Date(now), lead), allowance: leadEmailAllowance() } : undefined;
    // `kind` and `data` belong together, which TypeScript cannot follow through the generic.
    const touches = submissionTouches(data, ownHosts, now);
    const stored = await storeSubmission(trx, { kind, data, touches } as Submission, now, notification, acknowledgement);
    pushes = stored.pushes;
    return { status: "stored", id: stored.id };
  });
  if (outcome.status === "stored" && (mail || leadWebhookConfig() || pushes > 0)) kickOutbox();
  return outcome;
}

/** A visitor's mailbox gets at most one acknowledgement in this long, and all of them together `ACKNOWLEDGEMENTS_PER_HOUR`. */
export const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60 * 1000;

/** The settings row holding the key of the mailbox counters' HMAC, generated once by whichever instance needs it first. */
export const ACKNOWLEDGEMENT_KEY_SETTING = "acknowledgement_mailbox_key";

/** Mail services known to ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as far as we can tell from outside: lower case, a
 * `+tag` dropped, and for Gmail the dots of the local part too (googlemail.com is gmail.com).
 * `target`, `t.arget` and `target+a` at one Gmail box are one recipient.
 */
export function normalisedMailbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at).split("+")[0]!;
  let domain = trimmed.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * The counters an acknowledgement is counted against, in the rate-limit table: its mailbox's
 * (one an hour), keyed by an HMAC of the normalised mailbox under a random key kept in the
 * settings table (`ACKNOWLEDGEMENT_KEY_SETTING`), never the address or a plain hash that a
 * list of addresses could be matched against; and the site's (`ACKNOWLEDGEMENTS_PER_HOUR`
 * for all instances together), so many mailboxes cannot turn the form into a mailer.
 */
export async function acknowledgementAllowances(address: string): Promise<{ mailbox: NotificationAllowance; site: NotificationAllowance }> {
  return {
    mailbox: { key: await mailboxCounterKey(address), limit: 1, windowMs: ACKNOWLEDGEMENT_WINDOW_MS },
    site: { key: "acknowledgements", limit: acknowledgementsPerHour(), windowMs: ACKNOWLEDGEMENT_WINDOW_MS },
  };
}

/** The key of `address`'s once-an-hour counter, the HMAC key created if this is the first. */
async function mailboxCounterKey(address: string): Promise<string> {
  const secret = (await getSetting(ACKNOWLEDGEMENT_KEY_SETTING)) ?? (await setSettingIfAbsent(ACKNOWLEDGEMENT_KEY_SETTING, randomBytes(32).toString("base64url")));
  return counterKey(secret, address);
}

/** The once-an-hour counters of these addresses, read through `executor` (an erasure's transaction), for deleting them. */
export async function mailboxCounterKeysWithin(executor: Kysely<Database>, addresses: readonly string[]): Promise<string[]> {
  const secret = await executor.selectFrom("settings").select("value").where("key", "=", ACKNOWLEDGEMENT_KEY_SETTING).executeTakeFirst();
  return secret ? [...new Set(addresses.map((address) => counterKey(secret.value, address)))] : [];
}

function counterKey(secret: string, address: string): string {
  return `acknowledgement:${createHmac("sha256", secret).update(normalisedMailbox(address)).digest("hex")}`;
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

/** Per client address (IPv6: per /64) and per form: plenty for a person, a wall for a script. */
export const SUBMISSION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * The limits a submission of `kind` (a form's, or a booking: src/server/bookings) from
 * `clientAddress` is counted against, as login counts addresses: an IPv4 address alone; an
 * IPv6 address per /64, and twice and four times as loosely per /56 and /48
 * (`addressLimitWindows`). The first is the client's own.
 */
export function submissionRateLimits(kind: SubmissionKind | "booking", clientAddress: string): RateLimitWindow[] {
  return addressLimitWindows(`submit:${kind}:`, clientAddress, SUBMISSION_RATE_LIMIT.limit).map(({ key, limit }) => ({
    key,
    limit: Math.round(limit * rateLimitMultiplier()),
    windowMs: SUBMISSION_RATE_LIMIT.windowMs,
  }));
}

/** The public answer to a stored submission (and to a bot's, which stores nothing). */
export const SUBMISSION_RECEIVED = { received: true } as const;

/**
 * POST /api/contact and /api/survey: a lead as a JSON object, answered 201 `{ received: true }`
 * (no id: ids are sequential and would tell anyone how many leads the business gets),
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
    return jsonResponse(SUBMISSION_RECEIVED, 201);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error(`[api] ${kind} submission failed:`, error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** The person behind a booking, as the lead module matches and records them. */
export type BookingPerson = { name: string; email: string; phone: string; business: string | null; note: string | null };

/**
 * The booking submission path (src/server/bookings/book-consultation.ts): inside the
 * booking's own transaction, the person joins their lead by e-mail or phone, or starts
 * one (one lead per person), and the lead's timeline records the consultation. A new
 * lead is announced to the webhook, as a new lead from a form is, and the owner's devices get a push.
 */
export async function receiveBookingLead(trx: Kysely<Database>, person: BookingPerson, now: number): Promise<{ leadId: number; created: boolean; leadIsSpam: boolean }> {
  const joined = await joinOrStartLead(trx, { kind: "contact", at: now, name: person.name, business: person.business, email: person.email, phone: person.phone, text: person.note ?? "" }, now);
  if (joined.created) await queueLeadWebhook(trx, joined.leadId, now);
  if (!joined.leadIsSpam) await queueLeadPushes(trx, joined.leadId, now);
  return joined;
}

/** Adds a consultation's step to its lead's timeline ("Consultation booked for Tue Dec 1, 10:15 AM"). */
export async function recordConsultationOnLead(trx: Kysely<Database>, entry: { leadId: number; bookingId: number; action: ConsultationAction; start: number; now: number }): Promise<void> {
  await trx
    .insertInto("lead_events")
    .values({ lead_id: entry.leadId, type: "booking", at: entry.now, data: JSON.stringify({ bookingId: entry.bookingId, action: entry.action, start: entry.start }), edited_at: null })
    .execute();
}
