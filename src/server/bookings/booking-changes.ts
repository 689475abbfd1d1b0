import type { Kysely } from "kysely";
import type { BookingStatus } from "@/lib/booking/booking-schema";
import { getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";
import { recordConsultationHeld } from "@/server/leads/lead-changes";
import { recordConsultationOnLead } from "@/server/leads/receive-lead";
import { kickOutbox } from "@/server/mail/mail-outbox";
import { withdrawBookingReminders } from "@/server/mail/mail-outbox";
import { queueBookingMail } from "./booking-outbox";
import { type BookingRow, findBookingById, findBookingByTokenHash, isSlotTakenError } from "./booking-store";
import { isOffered, isWithinRules, type SlotContext, slotContext } from "./bookable-slots";
import { hashManageToken } from "./manage-token";

export type ChangeOutcome =
  | { status: "changed"; booking: BookingRow }
  | { status: "not-found" }
  /** Nothing to change: a booking that is no longer live (cancelled, done, no-show) or already past. */
  | { status: "closed"; booking: BookingRow }
  | { status: "taken" }
  | { status: "not-bookable" };

class SlotTaken extends Error {}

type Finder = (trx: Kysely<Database>) => Promise<BookingRow | undefined>;
export const byToken = (token: string): Finder => (trx) => findBookingByTokenHash(trx, hashManageToken(token));
export const byId = (id: number): Finder => (trx) => findBookingById(trx, id);

/** Cancels a live booking: the slot is free again, the reminders withdrawn, a CANCEL (SEQUENCE raised) sent to both. */
export async function cancelBooking(find: Finder, token: string | null, now = Date.now()): Promise<ChangeOutcome> {
  const db = await getDb();
  const outcome = await db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const booking = await find(trx);
    if (!booking) return { status: "not-found" };
    if (booking.status !== "booked" || (token !== null && Number(booking.start_at) <= now)) return { status: "closed", booking };
    const updated = await trx
      .updateTable("bookings")
      .set({ status: "cancelled", sequence: Number(booking.sequence) + 1, updated_at: now })
      .where("id", "=", booking.id)
      .where("status", "=", "booked")
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordConsultationOnLead(trx, { leadId: Number(booking.lead_id), bookingId: Number(booking.id), action: "cancelled", start: Number(booking.start_at), now });
    await queueBookingMail(trx, updated, "cancellation", token, now);
    return { status: "changed", booking: updated };
  });
  if (outcome.status === "changed") kickOutbox();
  return outcome;
}

/**
 * Moves a live booking to another offered slot: the same row (so every old link shows it as
 * it is now, and there is never a second live booking), the same UID, SEQUENCE raised, the
 * reminders replaced, a new REQUEST to both. The owner may move to any time the rules
 * allow; the unique index still refuses a slot someone holds.
 */
export async function rescheduleBooking(find: Finder, start: number, token: string | null, now = Date.now(), context?: SlotContext): Promise<ChangeOutcome> {
  const slots = context ?? (await slotContext(now));
  if (!isWithinRules(slots, start)) return { status: "not-bookable" };
  const db = await getDb();
  try {
    const outcome = await db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
      const booking = await find(trx);
      if (!booking) return { status: "not-found" };
      if (booking.status !== "booked" || (token !== null && Number(booking.start_at) <= now)) return { status: "closed", booking };
      if (Number(booking.start_at) === start) return { status: "changed", booking };
      if (!(await isOffered(slots, start, trx))) return { status: "taken" };
      const duration = Number(booking.end_at) - Number(booking.start_at);
      let updated: BookingRow;
      try {
        updated = await trx
          .updateTable("bookings")
          .set({ start_at: start, end_at: start + duration, sequence: Number(booking.sequence) + 1, updated_at: now })
          .where("id", "=", booking.id)
          .where("status", "=", "booked")
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isSlotTakenError(error)) throw new SlotTaken();
        throw error;
      }
      await recordConsultationOnLead(trx, { leadId: Number(booking.lead_id), bookingId: Number(booking.id), action: "moved", start, now });
      await queueBookingMail(trx, updated, "moved", token, now);
      return { status: "changed", booking: updated };
    });
    if (outcome.status === "changed") kickOutbox();
    return outcome;
  } catch (error) {
    if (error instanceof SlotTaken || isSlotTakenError(error)) return { status: "taken" };
    throw error;
  }
}

/**
 * After the meeting, the owner marks it Done (the lead's first response, when none came
 * before) or No-show. Its reminders, if any are left, are withdrawn.
 */
export async function markBookingOutcome(id: number, status: Extract<BookingStatus, "done" | "no-show">, now = Date.now()): Promise<ChangeOutcome> {
  const db = await getDb();
  return db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    const booking = await findBookingById(trx, id);
    if (!booking) return { status: "not-found" };
    if (booking.status === status) return { status: "changed", booking };
    if (booking.status === "cancelled") return { status: "closed", booking };
    const updated = await trx.updateTable("bookings").set({ status, updated_at: now }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
    await withdrawBookingReminders(trx, id, now);
    if (status === "done") {
      await recordConsultationHeld(trx, Number(booking.lead_id), Number(booking.start_at), now);
    }
    await recordConsultationOnLead(trx, { leadId: Number(booking.lead_id), bookingId: id, action: status, start: Number(booking.start_at), now });
    return { status: "changed", booking: updated };
  });
}
