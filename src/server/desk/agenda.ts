import type { AgendaConsultation, AgendaItem, AgendaView } from "@/lib/lead-desk";
import { listBookingsBetween, toLeadBooking } from "@/server/bookings/booking-store";
import { getDb } from "@/server/db/connection";
import { isoFromMillis } from "@/server/db/schema";
import { businessDate, nextDate, startOfBusinessDay } from "@/server/business-time";
import { listItems } from "./lead-list";

/** The agenda shows this many days, today first. */
export const AGENDA_DAYS = 14;
/** Decided leads have no follow-ups due (as on Today). */
const CLOSED_STATUSES = ["won", "lost", "spam"] as const;

/**
 * GET /api/admin/agenda: each of the next 14 days' follow-ups and consultations (days in the
 * business's zone; a cancelled consultation is left out), and how many follow-ups are
 * overdue (Today lists those).
 */
export async function getAgenda(now = Date.now()): Promise<AgendaView> {
  const db = await getDb();
  const dates: string[] = [businessDate(now)];
  while (dates.length < AGENDA_DAYS) dates.push(nextDate(dates[dates.length - 1]!));
  const starts = dates.map(startOfBusinessDay);
  const end = startOfBusinessDay(nextDate(dates[dates.length - 1]!));
  const open = db.selectFrom("leads").where("next_follow_up_at", "is not", null).where("status", "not in", CLOSED_STATUSES);
  const [rows, overdue, bookings] = await Promise.all([
    open.selectAll().where("next_follow_up_at", ">=", starts[0]!).where("next_follow_up_at", "<", end).orderBy("next_follow_up_at", "asc").orderBy("id", "asc").execute(),
    open.where("next_follow_up_at", "<", starts[0]!).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    listBookingsBetween(db, starts[0]!, end).then((all) => all.filter((booking) => booking.status !== "cancelled")),
  ]);
  const days = dates.map((date) => ({ date, items: [] as AgendaItem[], consultations: [] as AgendaConsultation[] }));
  const dayOf = (at: number) => {
    let index = starts.length - 1;
    while (index > 0 && at < starts[index]!) index--;
    return days[index]!;
  };
  for (const lead of await listItems(db, rows)) {
    dayOf(Date.parse(lead.nextFollowUpAt!)).items.push({ lead, dueAt: lead.nextFollowUpAt!, type: lead.nextFollowUpType ?? "call" });
  }
  const leadIds = [...new Set(bookings.map((booking) => Number(booking.lead_id)))];
  const bookingLeads = leadIds.length === 0 ? [] : await listItems(db, await db.selectFrom("leads").selectAll().where("id", "in", leadIds).execute());
  const leadsById = new Map(bookingLeads.map((lead) => [lead.id, lead]));
  for (const booking of bookings) {
    const lead = leadsById.get(Number(booking.lead_id));
    if (lead) dayOf(Number(booking.start_at)).consultations.push({ lead, booking: toLeadBooking(booking) });
  }
  return { overdueCount: Number(overdue.count), days, now: isoFromMillis(now) };
}
