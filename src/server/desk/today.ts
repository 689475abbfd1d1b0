import { type Kysely, sql } from "kysely";
import type { TodayView } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis } from "@/server/db/schema";
import { endOfBusinessDay } from "./business-time";
import { listItems } from "./lead-list";

/** Today lists at most this many leads of each kind; the totals say how many there are. */
export const TODAY_LIST_MAX = 50;
export const SPEED_TO_LEAD_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Follow-ups of these leads are not due: the lead is decided. */
const CLOSED_STATUSES = ["won", "lost", "spam"] as const;

/** GET /api/admin/today: new leads nobody has contacted, follow-ups due, and the median speed to lead. */
export async function getToday(now = Date.now()): Promise<TodayView> {
  const db = await getDb();
  const dueBy = endOfBusinessDay(now);
  const uncontacted = db.selectFrom("leads").where("status", "=", "new");
  const due = followUpsDue(db, dueBy);
  const [uncontactedRows, uncontactedCount, dueRows, dueCount, speedToLead] = await Promise.all([
    uncontacted.selectAll().orderBy("first_submitted_at", "asc").orderBy("id", "asc").limit(TODAY_LIST_MAX).execute(),
    uncontacted.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    due.selectAll().orderBy("next_follow_up_at", "asc").orderBy("id", "asc").limit(TODAY_LIST_MAX).execute(),
    due.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    medianSpeedToLead(db, now),
  ]);
  return {
    uncontacted: await listItems(db, uncontactedRows),
    uncontactedTotal: Number(uncontactedCount.count),
    followUpsDue: await listItems(db, dueRows),
    followUpsDueTotal: Number(dueCount.count),
    speedToLead,
    now: isoFromMillis(now),
  };
}

function followUpsDue(db: Kysely<Database>, dueBy: number) {
  // "not in": the planner then walks the follow-up index (next_follow_up_at, status), which
  // covers the count, rather than every open lead by status.
  return db.selectFrom("leads").where("next_follow_up_at", "is not", null).where("next_follow_up_at", "<", dueBy).where("status", "not in", CLOSED_STATUSES);
}

/**
 * The median time from first submission to first response, over the web leads (not Spam,
 * not added by hand) first submitted in the last 30 days that have had a response.
 */
async function medianSpeedToLead(db: Kysely<Database>, now: number): Promise<TodayView["speedToLead"]> {
  const answered = db
    .selectFrom("leads")
    .where("first_submitted_at", ">=", now - SPEED_TO_LEAD_WINDOW_MS)
    .where("first_response_at", "is not", null)
    .where("status", "<>", "spam")
    // Leads the owner added by hand were answered as they were taken: they would flatter the median.
    .where("source", "=", "web");
  const { count } = await answered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const leads = Number(count);
  if (leads === 0) return { medianSeconds: null, leads };
  const middle = await answered
    .select(sql<number>`first_response_at - first_submitted_at`.as("wait"))
    .orderBy("wait", "asc")
    .limit(leads % 2 === 0 ? 2 : 1)
    .offset(Math.floor((leads - 1) / 2))
    .execute();
  const waits = middle.map((row) => Math.max(0, Number(row.wait)));
  return { medianSeconds: Math.round(waits.reduce((sum, wait) => sum + wait, 0) / waits.length / 1000), leads };
}

/** The desk's navigation counts: new leads and follow-ups due by the end of today. */
export async function deskCounts(now = Date.now()): Promise<{ leadsNew: number; followUpsDue: number }> {
  const db = await getDb();
  const [fresh, due] = await Promise.all([
    db.selectFrom("leads").where("status", "=", "new").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    followUpsDue(db, endOfBusinessDay(now)).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { leadsNew: Number(fresh.count), followUpsDue: Number(due.count) };
}
