import type { AgendaItem, AgendaView } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { isoFromMillis } from "@/server/db/schema";
import { businessDate, nextDate, startOfBusinessDay } from "./business-time";
import { listItems } from "./lead-list";

/** The agenda shows this many days, today first. */
export const AGENDA_DAYS = 14;
/** Decided leads have no follow-ups due (as on Today). */
const CLOSED_STATUSES = ["won", "lost", "spam"] as const;

/** GET /api/admin/agenda: each of the next 14 days' follow-ups (days in the business's zone), and how many are overdue (Today lists those). */
export async function getAgenda(now = Date.now()): Promise<AgendaView> {
  const db = await getDb();
  const dates: string[] = [businessDate(now)];
  while (dates.length < AGENDA_DAYS) dates.push(nextDate(dates[dates.length - 1]!));
  const starts = dates.map(startOfBusinessDay);
  const end = startOfBusinessDay(nextDate(dates[dates.length - 1]!));
  const open = db.selectFrom("leads").where("next_follow_up_at", "is not", null).where("status", "not in", CLOSED_STATUSES);
  const [rows, overdue] = await Promise.all([
    open.selectAll().where("next_follow_up_at", ">=", starts[0]!).where("next_follow_up_at", "<", end).orderBy("next_follow_up_at", "asc").orderBy("id", "asc").execute(),
    open.where("next_follow_up_at", "<", starts[0]!).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const days = dates.map((date) => ({ date, items: [] as AgendaItem[] }));
  for (const lead of await listItems(db, rows)) {
    const at = Date.parse(lead.nextFollowUpAt!);
    let index = starts.length - 1;
    while (index > 0 && at < starts[index]!) index--;
    days[index]!.items.push({ lead, dueAt: lead.nextFollowUpAt!, type: lead.nextFollowUpType ?? "call" });
  }
  return { overdueCount: Number(overdue.count), days, now: isoFromMillis(now) };
}
