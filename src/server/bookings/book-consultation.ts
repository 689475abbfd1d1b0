import { randomInt, randomUUID } from "node:crypto";
import { type BookingData, bookingSchema } from "@/lib/booking/booking-schema";
import type { ValidationIssues } from "@/lib/field-errors";
import { getDb } from "@/server/db/connection";
import { consumeRateLimits } from "@/server/rate-limits/rate-limits";
import { emailKey, phoneKey } from "@/server/leads/lead-identity";
import { receiveBookingLead, recordConsultationOnLead, submissionRateLimits } from "@/server/leads/receive-lead";
import { kickOutbox } from "@/server/mail/mail-outbox";
import { manageUrlOf } from "./booking-calendar";
import { queueBookingMail } from "./booking-outbox";
import { type BookingRow, countUpcomingBookingsOf, isSlotTakenError } from "./booking-store";
import { isOffered, isWithinRules, type SlotContext, slotContext } from "./bookable-slots";
import { hashManageToken, newManageToken } from "./manage-token";
import { BOOKING_HONEYPOT_FIELD, CONSULTATION_MINUTES } from "@/lib/booking/booking-schema";
import { site } from "@/content/site";

/** A person may hold this many live bookings still to come, by e-mail address or by phone number. */
export const UPCOMING_BOOKINGS_PER_PERSON = 2;

export type BookingOutcome =
  | { status: "invalid"; issues: ValidationIssues }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "too-many"; message: string }
  | { status: "taken" }
  /** A filled honeypot: answered like a booking, with nothing stored or sent. */
  | { status: "spam"; booking: BookedConsultation }
  | { status: "booked"; booking: BookedConsultation; row: BookingRow };

export type BookedConsultation = { id: number; start: number; end: number; manageUrl: string; token: string };

class SlotTaken extends Error {}

/** A time the rules never offer, as a field error. */
const notBookable: ValidationIssues = { issues: [{ path: ["start"], message: "That time cannot be booked. Please pick one of the times shown." }] };

/**
 * §Booking: one consultation, from the JSON API or the /book form (docs/booking.md).
 * Validated with the form's schema; then in one transaction: counted against the client's
 * rate limit (a bot's honeypot too), the person's upcoming bookings counted, the slot
 * checked against the rules and the live bookings, the lead joined or started through the
 * lead module, the booking inserted and its e-mails and reminders queued. Two requests for
 * one slot can both pass the check on PostgreSQL; the partial unique index then refuses
 * the second insert, and it is answered "taken" like one that lost the check.
 */
export async function bookConsultation(input: unknown, clientAddress: string, now = Date.now(), context?: SlotContext): Promise<BookingOutcome> {
  const parsed = bookingSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", issues: parsed.error };
  const data: BookingData = parsed.data;
  const start = new Date(data.start).getTime();
  const slots = context ?? (await slotContext(now));
  if (!isWithinRules(slots, start)) return { status: "invalid", issues: notBookable };
  const limits = submissionRateLimits("booking", clientAddress);
  const token = newManageToken();
  const end = start + CONSULTATION_MINUTES * 60_000;

  const db = await getDb();
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<BookingOutcome> => {
      const allowance = await consumeRateLimits(limits, now, trx);
      if (!allowance.allowed) return { status: "rate-limited", retryAfterSeconds: allowance.retryAfterSeconds };
      if (data[BOOKING_HONEYPOT_FIELD]) return { status: "spam", booking: { id: randomInt(1, 1_000_000), start, end, manageUrl: manageUrlOf(token), token } };
      const keys = { emailKey: emailKey(data.email), phoneKey: phoneKey(data.phone) };
      if ((await countUpcomingBookingsOf(trx, keys, now)) >= UPCOMING_BOOKINGS_PER_PERSON) {
        return { status: "too-many", message: `You already have ${UPCOMING_BOOKINGS_PER_PERSON} upcoming consultations. To change one, use the link in its e-mail, or call us at ${site.phone.display}.` };
      }
      if (!(await isOffered(slots, start, trx))) return { status: "taken" };
      const person = { name: data.name, email: data.email, phone: data.phone, business: data.business || null, note: data.note || null };
      const lead = await receiveBookingLead(trx, person, now);
      let row: BookingRow;
      try {
        row = await trx
          .insertInto("bookings")
          .values({
            lead_id: lead.leadId,
            start_at: start,
            end_at: end,
            status: "booked",
            ...person,
            service: data.service,
            email_key: keys.emailKey,
            phone_key: keys.phoneKey,
            uid: `${randomUUID()}@${new URL(site.url).hostname}`,
            sequence: 0,
            manage_token_hash: hashManageToken(token),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isSlotTakenError(error)) throw new SlotTaken();
        throw error;
      }
      await recordConsultationOnLead(trx, { leadId: lead.leadId, bookingId: Number(row.id), action: "booked", start, now });
      await queueBookingMail(trx, row, "invitation", token, now);
      return { status: "booked", booking: { id: Number(row.id), start, end, manageUrl: manageUrlOf(token), token }, row };
    });
    if (outcome.status === "booked") kickOutbox();
    return outcome;
  } catch (error) {
    if (error instanceof SlotTaken || isSlotTakenError(error)) return { status: "taken" };
    throw error;
  }
}
