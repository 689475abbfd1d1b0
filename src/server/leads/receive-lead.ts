import { randomInt } from "node:crypto";
import type { ValidationIssues } from "@/lib/field-errors";
import { type SubmissionData, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { leadAcknowledgementEnabled, leadWebhookConfig, mailConfig, mailReplyTo } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { type LeadAcknowledgement, type LeadNotification, type Submission, storeSubmission } from "@/server/db/lead-submissions";
import { joinOrStartLead } from "@/server/db/leads";
import { consumeRateLimit } from "@/server/db/rate-limits";
import type { Database } from "@/server/db/schema";
import type { ConsultationAction } from "@/lib/lead-desk";
import type { Kysely } from "kysely";
import { buildAcknowledgementEmail } from "@/server/mail/acknowledgement-email";
import { buildLeadEmail } from "@/server/mail/lead-emails";
import { kickOutbox } from "@/server/mail/outbox-worker";
import { queueLeadWebhook } from "@/server/webhook/lead-webhook";
import { acknowledgementAllowances } from "./acknowledgement-allowance";
import { leadEmailAllowance } from "./lead-email-allowance";
import { submissionTouches } from "./lead-touches";
import { submissionRateLimits } from "./submission-rate-limit";

export type LeadOutcome =
  | { status: "invalid"; issues: ValidationIssues }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** A filled honeypot: answered like a stored lead, with an id that names nothing. */
  | { status: "spam"; id: number }
  | { status: "stored"; id: number };

/**
 * Every lead the site takes, posted as JSON (src/server/http/lead-json-post.ts) or by a
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
  const outcome = await db.transaction().execute(async (trx): Promise<LeadOutcome> => {
    const now = Date.now();
    // Every window counts the hit; the client waits for the one that ends last.
    let refusedFor = 0;
    for (const { key, limit, windowMs } of limits) {
      const allowance = await consumeRateLimit(key, limit, windowMs, now, trx);
      if (!allowance.allowed) refusedFor = Math.max(refusedFor, allowance.retryAfterSeconds);
    }
    if (refusedFor > 0) return { status: "rate-limited", retryAfterSeconds: refusedFor };
    if (data[form.honeypot]) return { status: "spam", id: randomInt(1, 1_000_000) };
    const notification: LeadNotification | undefined = mail ? { message: buildLeadEmail(kind, data, mail, new Date(now)), allowance: leadEmailAllowance() } : undefined;
    // `kind` and `data` belong together, which TypeScript cannot follow through the generic.
    const touches = submissionTouches(data, ownHosts, now);
    const { id } = await storeSubmission(trx, { kind, data, touches } as Submission, now, notification, acknowledgement);
    return { status: "stored", id };
  });
  if (outcome.status === "stored" && (mail || leadWebhookConfig())) kickOutbox();
  return outcome;
}

/** The person behind a booking, as the lead module matches and records them. */
export type BookingPerson = { name: string; email: string; phone: string; business: string | null; note: string | null };

/**
 * The booking submission path (src/server/bookings/book-consultation.ts): inside the
 * booking's own transaction, the person joins their lead by e-mail or phone, or starts
 * one (one lead per person), and the lead's timeline records the consultation. A new
 * lead is announced to the webhook, as a new lead from a form is.
 */
export async function receiveBookingLead(trx: Kysely<Database>, person: BookingPerson, now: number): Promise<{ leadId: number; created: boolean; leadIsSpam: boolean }> {
  const joined = await joinOrStartLead(trx, { kind: "contact", at: now, name: person.name, business: person.business, email: person.email, phone: person.phone, text: person.note ?? "" }, now);
  if (joined.created) await queueLeadWebhook(trx, joined.leadId, now);
  return joined;
}

/** Adds a consultation's step to its lead's timeline ("Consultation booked for Tue Dec 1, 10:15 AM"). */
export async function recordConsultationOnLead(trx: Kysely<Database>, entry: { leadId: number; bookingId: number; action: ConsultationAction; start: number; now: number }): Promise<void> {
  await trx
    .insertInto("lead_events")
    .values({ lead_id: entry.leadId, type: "booking", at: entry.now, data: JSON.stringify({ bookingId: entry.bookingId, action: entry.action, start: entry.start }), edited_at: null })
    .execute();
}
