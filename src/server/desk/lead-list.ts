import { type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { LeadChannel } from "@/lib/attribution/touch";
import { type LeadList, type LeadListItem, type LeadStatus, type LostReason, type OpenQuoteValue, type SubmissionKind, submissionKinds } from "@/lib/lead-desk";
import type { LeadListQuery } from "@/lib/validation/lead-desk-schemas";
import { getDb } from "@/server/db/connection";
import { leadIdMatches, searchSortKey } from "@/server/db/dialect";
import { type Database, isoFromMillis, type LeadsTable } from "@/server/db/schema";
import { nextDate, startOfBusinessDay } from "@/server/business-time";
import { searchTerms } from "@/server/leads/lead-identity";
import { leadKinds, SUBMISSION_TABLES, type SubmissionTable } from "@/server/leads/lead-kinds";
import { openQuoteValues } from "@/server/quotes/open-quotes";

export type LeadRow = Selectable<LeadsTable>;
type LeadQuery = SelectQueryBuilder<Database, "leads", object>;

/** GET /api/admin/leads: one page of the leads matching the filters, and how many match in all. */
export async function listLeads(query: LeadListQuery): Promise<LeadList> {
  const db = await getDb();
  const terms = searchTerms(query.q);
  const filtered = applyFilters(db.selectFrom("leads"), db, query, terms);
  const offset = (query.page - 1) * query.pageSize;
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    sortLeads(filtered.selectAll("leads"), query.sort, terms.length > 0 ? searchSortKey(db, "leads.last_submitted_at") : sql.ref("leads.last_submitted_at")).limit(query.pageSize).offset(offset).execute(),
  ]);
  return { items: await listItems(db, rows), total: Number(count.total), page: query.page, pageSize: query.pageSize };
}

function applyFilters(base: LeadQuery, db: Kysely<Database>, query: LeadListQuery, terms: readonly string[]): LeadQuery {
  // Spam is out of every view but its own filter.
  let filtered = query.status ? base.where("leads.status", "=", query.status) : base.where("leads.status", "<>", "spam");
  if (query.kind) filtered = filtered.where((eb) => hasSubmissionOf(eb, query.kind!));
  if (query.service) {
    const service = query.service;
    const kinds = query.kind ? [query.kind] : submissionKinds;
    filtered = filtered.where((eb) => eb.or(kinds.map((kind) => leadKinds[kind].storage.asksAbout(eb, service))));
  }
  // A channel or campaign matches the first touch or the last (docs/attribution.md).
  if (query.channel) {
    const channel = query.channel;
    filtered = filtered.where((eb) => eb.or([eb("leads.first_channel", "=", channel), eb("leads.last_channel", "=", channel)]));
  }
  if (query.campaign) {
    const campaign = query.campaign.toLowerCase();
    filtered = filtered.where((eb) => eb.or([eb(eb.fn("lower", ["leads.first_campaign"]), "=", campaign), eb(eb.fn("lower", ["leads.last_campaign"]), "=", campaign)]));
  }
  if (query.from) filtered = filtered.where("leads.last_submitted_at", ">=", startOfBusinessDay(query.from));
  if (query.to) filtered = filtered.where("leads.last_submitted_at", "<", startOfBusinessDay(nextDate(query.to)));
  if (terms.length > 0) filtered = filtered.where(leadIdMatches(db, terms));
  return filtered;
}

function hasSubmissionOf(eb: ExpressionBuilder<Database, "leads">, kind: SubmissionKind) {
  const table = SUBMISSION_TABLES[kind];
  return eb.exists(eb.selectFrom(table).select(sql.lit(1).as("one")).whereRef(`${table}.lead_id`, "=", "leads.id"));
}

/** `lastSubmitted`: the time of the latest submission, or what a search sorts on instead (dialect.ts's `searchSortKey`). */
function sortLeads<O>(query: SelectQueryBuilder<Database, "leads", O>, sort: LeadListQuery["sort"], lastSubmitted: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  switch (sort) {
    case "oldest":
      return query.orderBy(lastSubmitted, "asc").orderBy("leads.id", "asc");
    case "name":
      return query.orderBy(sql`lower(leads.name)`, "asc").orderBy("leads.id", "asc");
    case "score":
      // Highest first; leads without a survey (no score) last.
      return query
        .orderBy(sql`case when leads.score is null then 1 else 0 end`, "asc")
        .orderBy("leads.score", "desc")
        .orderBy("leads.last_submitted_at", "desc")
        .orderBy("leads.id", "desc");
    case "follow-up":
      return query
        .orderBy(sql`case when leads.next_follow_up_at is null then 1 else 0 end`, "asc")
        .orderBy("leads.next_follow_up_at", "asc")
        .orderBy("leads.id", "asc");
    default:
      return query.orderBy(lastSubmitted, "desc").orderBy("leads.id", "desc");
  }
}

/** The list items of these lead rows, in their order, with their submission counts and kinds. */
export async function listItems(executor: Kysely<Database>, rows: readonly LeadRow[]): Promise<LeadListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  /** How many submissions of the table each lead has. */
  const counts = async (table: SubmissionTable) => {
    const found = await executor
      .selectFrom(table)
      .select(["lead_id", (eb) => eb.fn.countAll<number>().as("count")])
      .where("lead_id", "in", ids)
      .groupBy("lead_id")
      .execute();
    return new Map(found.map((row) => [Number(row.lead_id), Number(row.count)]));
  };
  const [countsOfKinds, openQuotes] = await Promise.all([
    Promise.all(submissionKinds.map(async (kind) => ({ kind, ofLead: await counts(SUBMISSION_TABLES[kind]) }))),
    openQuoteValues(executor, ids),
  ]);
  return rows.map((row) => {
    const perKind = countsOfKinds.map(({ kind, ofLead }) => ({ kind, count: ofLead.get(row.id) ?? 0 }));
    const total = perKind.reduce((sum, { count }) => sum + count, 0);
    return toListItem(row, total, perKind.filter(({ count }) => count > 0).map(({ kind }) => kind), openQuotes.get(row.id) ?? null);
  });
}

export function toListItem(row: LeadRow, submissionCount: number, kinds: SubmissionKind[], openQuote: OpenQuoteValue | null = null): LeadListItem {
  return {
    id: row.id,
    name: row.name,
    business: row.business,
    email: row.email,
    phone: row.phone,
    status: row.status as LeadStatus,
    submissionCount,
    firstSubmittedAt: isoFromMillis(Number(row.first_submitted_at)),
    lastSubmittedAt: isoFromMillis(Number(row.last_submitted_at)),
    nextFollowUpAt: row.next_follow_up_at === null ? null : isoFromMillis(Number(row.next_follow_up_at)),
    // A follow-up set before follow-ups had types was a call.
    nextFollowUpType: row.next_follow_up_at === null ? null : (row.next_follow_up_type ?? "call"),
    cameBackAt: row.came_back_at === null ? null : isoFromMillis(Number(row.came_back_at)),
    service: row.service,
    lostReason: row.lost_reason as LostReason | null,
    lostNote: row.lost_note,
    kinds,
    score: row.score === null ? null : Number(row.score),
    source: row.source,
    firstChannel: row.first_channel as LeadChannel,
    openQuote,
  };
}
