import { type Kysely, type RawBuilder, sql } from "kysely";
import { leadStatusLabels, pipelineStatuses } from "@/lib/lead-desk-labels";
import { leadServiceLabel } from "@/lib/lead-services";
import type { LeadReportRow, ReportGrouping, ReportPeriod, ReportsView, SpeedReportRow } from "@/lib/reports";
import { getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";
import { revenueReport } from "./revenue-report";
import { lastWeeks, monthBuckets, type ReportBucket, type ReportRange, weekBuckets } from "./report-range";

/*
 * The reports (docs/reports.md), each one query grouped in the database, the same SQL on
 * SQLite and PostgreSQL. Every report leaves Spam out and counts a lead in the range its
 * first submission falls in.
 */

type Counts = { leads: number; contacted: number; quoted: number; won: number; lost: number };
type CountRow = { key: string | number | null } & { [Name in keyof Counts]: number | string | null };

/**
 * The funnel's counts of a group. A lead reached Contacted with its first response (a call,
 * or a move from New), Quoted when it first moved there, and both when it reached Won
 * without passing through them; Won and Lost are where it stands now.
 */
const COUNTS = sql`count(*) as leads,
  sum(case when leads.first_response_at is not null or leads.quoted_at is not null or leads.won_at is not null then 1 else 0 end) as contacted,
  sum(case when leads.quoted_at is not null or leads.won_at is not null then 1 else 0 end) as quoted,
  sum(case when leads.status = 'won' then 1 else 0 end) as won,
  sum(case when leads.status = 'lost' then 1 else 0 end) as lost`;

function counts(row: CountRow): Counts {
  return { leads: Number(row.leads), contacted: Number(row.contacted ?? 0), quoted: Number(row.quoted ?? 0), won: Number(row.won ?? 0), lost: Number(row.lost ?? 0) };
}

const ZERO: Counts = { leads: 0, contacted: 0, quoted: 0, won: 0, lost: 0 };

/** The buckets as a table `buckets(bucket, start_at, end_at)` for a `with` clause; the casts type PostgreSQL's parameters. */
function bucketsTable(buckets: readonly ReportBucket[]): RawBuilder<unknown> {
  const values = buckets.map((bucket) => sql`(cast(${bucket.key} as text), cast(${bucket.start} as bigint), cast(${bucket.end} as bigint))`);
  return sql`buckets(bucket, start_at, end_at) as (values ${sql.join(values)})`;
}

const weekLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** GET /api/admin/reports/leads: the leads of the range grouped by week, first-touch channel, service line or status. */
export async function leadReport(by: ReportGrouping, range: ReportRange, db?: Kysely<Database>): Promise<LeadReportRow[]> {
  const executor = db ?? (await getDb());
  if (by === "week") return weekReport(executor, range);
  const column = { channel: "first_channel", service: "service", status: "status" }[by];
  const { rows } = await sql<CountRow>`
    select ${sql.ref(`leads.${column}`)} as key, ${COUNTS} from leads
    where leads.first_submitted_at >= ${range.start} and leads.first_submitted_at < ${range.end} and leads.status <> 'spam'
    group by ${sql.ref(`leads.${column}`)}`.execute(executor);
  if (by === "status") {
    const byStatus = new Map(rows.map((row) => [String(row.key), counts(row)]));
    return pipelineStatuses.map((status) => ({ key: status, label: leadStatusLabels[status], ...(byStatus.get(status) ?? ZERO) }));
  }
  return rows
    .map((row) => {
      const key = row.key === null ? null : String(row.key);
      return { key, label: by === "service" ? leadServiceLabel(key) : (key ?? ""), ...counts(row) };
    })
    .sort((a, b) => b.leads - a.leads || b.won - a.won || a.label.localeCompare(b.label));
}

/** Every week of the range, oldest first, with zeros for a week without leads. */
async function weekReport(db: Kysely<Database>, range: ReportRange): Promise<LeadReportRow[]> {
  const buckets = weekBuckets(range);
  const { rows } = await sql<CountRow>`
    with ${bucketsTable(buckets)}
    select buckets.bucket as key, ${COUNTS} from buckets
    join leads on leads.first_submitted_at >= buckets.start_at and leads.first_submitted_at < buckets.end_at
    where leads.status <> 'spam'
    group by buckets.bucket`.execute(db);
  const byWeek = new Map(rows.map((row) => [String(row.key), counts(row)]));
  return buckets.map((bucket) => ({
    key: bucket.key,
    label: `Week of ${weekLabel.format(new Date(`${bucket.key}T00:00:00Z`))}`,
    ...(byWeek.get(bucket.key) ?? ZERO),
  }));
}

/** A lead's wait for its first response (speed to lead), in ms; a response logged before the submission counts as no wait. */
const WAIT = sql`case when leads.first_response_at < leads.first_submitted_at then 0 else leads.first_response_at - leads.first_submitted_at end`;
/** The leads whose speed to lead counts: answered, from the web (leads the owner added by hand have no wait to measure), not Spam. */
const ANSWERED_WEB_LEAD = sql`leads.status <> 'spam' and leads.source = 'web' and leads.first_response_at is not null`;

/**
 * GET /api/admin/reports/speed: per month of the range (New York), the median time from
 * first submission to first response of the web leads that have had one. Two queries, the
 * same on both engines: how many such leads each month has, grouped in the database; then
 * each month's middle wait, or middle two, by `order by … limit … offset` (as Today's
 * median), averaged in the database. (Window functions, row_number and count over the
 * month, gave the same answer but took twice as long on SQLite at 100,000 leads.)
 */
export async function speedReport(range: ReportRange, db?: Kysely<Database>): Promise<SpeedReportRow[]> {
  const executor = db ?? (await getDb());
  const buckets = monthBuckets(range);
  const counted = await sql<{ month: string; leads: number | string }>`
    with ${bucketsTable(buckets)}
    select buckets.bucket as month, count(*) as leads from buckets
    join leads on leads.first_submitted_at >= buckets.start_at and leads.first_submitted_at < buckets.end_at
    where ${ANSWERED_WEB_LEAD}
    group by buckets.bucket`.execute(executor);
  const answered = new Map(counted.rows.map((row) => [String(row.month), Number(row.leads)]));
  const middles = buckets
    .filter((bucket) => (answered.get(bucket.key) ?? 0) > 0)
    .map((bucket, index) => {
      const leads = answered.get(bucket.key)!;
      return sql`select * from (
        select cast(${bucket.key} as text) as month, ${WAIT} as wait from leads
        where leads.first_submitted_at >= ${bucket.start} and leads.first_submitted_at < ${bucket.end} and ${ANSWERED_WEB_LEAD}
        order by wait limit ${leads % 2 === 0 ? 2 : 1} offset ${Math.floor((leads - 1) / 2)}) as ${sql.raw(`middle_${index}`)}`;
    });
  const medians = new Map<string, number>();
  if (middles.length > 0) {
    const { rows } = await sql<{ month: string; median: number | string }>`
      select month, avg(wait) as median from (${sql.join(middles, sql` union all `)}) as middles group by month`.execute(executor);
    for (const row of rows) medians.set(String(row.month), Number(row.median));
  }
  return buckets.map((bucket) => {
    const median = medians.get(bucket.key);
    return median === undefined ? { month: bucket.key, medianSeconds: null, leads: 0 } : { month: bucket.key, medianSeconds: Math.round(median / 1000), leads: answered.get(bucket.key)! };
  });
}

/** The reports screen: every report over the last 12 or 52 weeks. */
export async function getReportsView(weeks: ReportPeriod, now = Date.now()): Promise<ReportsView> {
  const db = await getDb();
  const range = lastWeeks(weeks, now);
  const [byWeek, byChannel, byService, byStatus, speed, revenueByChannel] = await Promise.all([
    leadReport("week", range, db),
    leadReport("channel", range, db),
    leadReport("service", range, db),
    leadReport("status", range, db),
    speedReport(range, db),
    revenueReport("channel", range, db),
  ]);
  return { weeks, from: range.from, to: range.to, byWeek, byChannel, byService, byStatus, speed, revenueByChannel };
}
