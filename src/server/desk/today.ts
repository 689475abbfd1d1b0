import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { type LeadStatus, leadStatuses, type TodayGroupName, type TodayPage, type TodayView } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis } from "@/server/db/schema";
import { endOfBusinessDay } from "@/server/business-time";
import { latestRequests } from "./latest-request";
import { listItems } from "./lead-list";

/** Today lists this many leads of a group at a time; the group's "Show more" pages on. */
export const TODAY_PAGE_SIZE = 20;
/** New leads older than this go in Today's collapsed "Older" group. */
export const TODAY_RECENT_MS = 7 * 24 * 60 * 60 * 1000;
export const SPEED_TO_LEAD_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Follow-ups of these leads are not due: the lead is decided. */
const CLOSED_STATUSES = ["won", "lost", "spam"] as const;
/** A new submission on a lead in one of these brings it back to Today. */
export const CAME_BACK_STATUSES = ["contacted", "quoted", "won", "lost"] as const;
/** The rest: a lead in one of these is never in "Came back" (Today asks for "not in" these, see `groupQuery`). */
const NEVER_CAME_BACK: readonly LeadStatus[] = leadStatuses.filter((status) => !(CAME_BACK_STATUSES as readonly LeadStatus[]).includes(status));

/** GET /api/admin/today: the first page of each of Today's groups, and the median speed to lead. */
export async function getToday(now = Date.now()): Promise<TodayView> {
  const db = await getDb();
  const [fresh, older, cameBack, followUps, speedToLead] = await Promise.all([
    todayPage(db, "new", 1, now),
    todayPage(db, "older", 1, now),
    todayPage(db, "came-back", 1, now),
    todayPage(db, "follow-ups", 1, now),
    medianSpeedToLead(db, now),
  ]);
  return { groups: { new: fresh, older, "came-back": cameBack, "follow-ups": followUps }, speedToLead, now: isoFromMillis(now) };
}

/** GET /api/admin/today/{group}?page=N: one page of one of Today's groups. */
export async function getTodayPage(group: TodayGroupName, page: number, now = Date.now()): Promise<TodayPage> {
  return todayPage(await getDb(), group, page, now);
}

async function todayPage(db: Kysely<Database>, group: TodayGroupName, page: number, now: number): Promise<TodayPage> {
  const query = groupQuery(db, group, now);
  const [rows, count] = await Promise.all([
    orderGroup(query.selectAll(), group)
      .limit(TODAY_PAGE_SIZE)
      .offset((page - 1) * TODAY_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const [items, requests] = await Promise.all([listItems(db, rows), latestRequests(db, rows.map((row) => row.id))]);
  return { items: items.map((item) => ({ ...item, latestRequest: requests.get(item.id) ?? null })), total: Number(count.count), page, pageSize: TODAY_PAGE_SIZE };
}

function groupQuery(db: Kysely<Database>, group: TodayGroupName, now: number) {
  const leads = db.selectFrom("leads");
  switch (group) {
    case "new":
      return leads.where("status", "=", "new").where("last_submitted_at", ">=", now - TODAY_RECENT_MS);
    case "older":
      return leads.where("status", "=", "new").where("last_submitted_at", "<", now - TODAY_RECENT_MS);
    case "came-back":
      // A range on the time and "not in" on the status, so SQLite's planner walks the came-back index
      // (came_back_at, id) newest first; with "status in (…)" it read every decided lead by status
      // instead (0.5 s at 100,000 leads, `npm run bench:desk`). A set time is never 0 or less.
      return leads.where("came_back_at", ">", 0).where("status", "not in", NEVER_CAME_BACK);
    case "follow-ups":
      return followUpsDue(db, endOfBusinessDay(now));
  }
}

function orderGroup<O>(query: SelectQueryBuilder<Database, "leads", O>, group: TodayGroupName) {
  switch (group) {
    case "new":
    case "older":
      // The newest lead on top: it is the one most likely to answer the phone.
      return query.orderBy("last_submitted_at", "desc").orderBy("id", "desc");
    case "came-back":
      return query.orderBy("came_back_at", "desc").orderBy("id", "desc");
    case "follow-ups":
      return query.orderBy("next_follow_up_at", "asc").orderBy("id", "asc");
  }
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
