import { type Kysely, type RawBuilder, sql } from "kysely";
import type { RevenueGrouping, RevenueReportRow } from "@/lib/reports";
import { getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";
import { monthBuckets, type ReportRange } from "./report-range";

type Row = { key: string | null; quotes?: number | string | null; accepted?: number | string | null; one_time?: number | string | null; monthly?: number | string | null };

/**
 * GET /api/admin/reports/revenue (docs/quotes.md): per first-touch channel, service line or
 * month (New York), the quotes SENT in the range (each quote once: a replaced version is not
 * counted, its newest version is) and the quotes ACCEPTED in the range with their one-time and
 * monthly values, in integer cents. Two grouped queries, the same SQL on both engines.
 */
export async function revenueReport(by: RevenueGrouping, range: ReportRange, db?: Kysely<Database>): Promise<RevenueReportRow[]> {
  const executor = db ?? (await getDb());
  const [sent, won] = by === "month" ? await byMonth(executor, range) : await byLeadColumn(executor, by === "channel" ? "first_channel" : "service", range);
  const rows = new Map<string, RevenueReportRow>();
  const rowOf = (key: string | null) => {
    const id = key ?? "";
    if (!rows.has(id)) rows.set(id, { key, quotes: 0, accepted: 0, oneTimeCents: 0, monthlyCents: 0 });
    return rows.get(id)!;
  };
  for (const row of sent) rowOf(row.key === null ? null : String(row.key)).quotes = Number(row.quotes ?? 0);
  for (const row of won) {
    const target = rowOf(row.key === null ? null : String(row.key));
    target.accepted = Number(row.accepted ?? 0);
    target.oneTimeCents = Number(row.one_time ?? 0);
    target.monthlyCents = Number(row.monthly ?? 0);
  }
  const list = [...rows.values()];
  if (by === "month") {
    const months = monthBuckets(range).map((bucket) => bucket.key);
    return months.map((month) => list.find((row) => row.key === month) ?? { key: month, quotes: 0, accepted: 0, oneTimeCents: 0, monthlyCents: 0 });
  }
  return list.sort((a, b) => b.oneTimeCents + 12 * b.monthlyCents - (a.oneTimeCents + 12 * a.monthlyCents) || b.quotes - a.quotes || String(a.key).localeCompare(String(b.key)));
}

const SENT = sql`quotes.sent_at is not null and quotes.status <> 'replaced' and leads.status <> 'spam'`;
const WON = sql`count(*) as accepted, sum(quotes.one_time_cents) as one_time, sum(quotes.monthly_cents) as monthly`;

async function byLeadColumn(db: Kysely<Database>, column: "first_channel" | "service", range: ReportRange): Promise<[Row[], Row[]]> {
  const key = sql.ref(`leads.${column}`);
  const sent = await sql<Row>`
    select ${key} as key, count(*) as quotes from quotes join leads on leads.id = quotes.lead_id
    where ${SENT} and quotes.sent_at >= ${range.start} and quotes.sent_at < ${range.end}
    group by ${key}`.execute(db);
  const won = await sql<Row>`
    select ${key} as key, ${WON} from quotes join leads on leads.id = quotes.lead_id
    where quotes.status = 'accepted' and quotes.accepted_at >= ${range.start} and quotes.accepted_at < ${range.end}
    group by ${key}`.execute(db);
  return [sent.rows, won.rows];
}

function bucketsTable(range: ReportRange): RawBuilder<unknown> {
  const values = monthBuckets(range).map((bucket) => sql`(cast(${bucket.key} as text), cast(${bucket.start} as bigint), cast(${bucket.end} as bigint))`);
  return sql`buckets(bucket, start_at, end_at) as (values ${sql.join(values)})`;
}

async function byMonth(db: Kysely<Database>, range: ReportRange): Promise<[Row[], Row[]]> {
  const sent = await sql<Row>`
    with ${bucketsTable(range)}
    select buckets.bucket as key, count(*) as quotes from buckets
    join quotes on quotes.sent_at >= buckets.start_at and quotes.sent_at < buckets.end_at
    join leads on leads.id = quotes.lead_id
    where ${SENT}
    group by buckets.bucket`.execute(db);
  const won = await sql<Row>`
    with ${bucketsTable(range)}
    select buckets.bucket as key, ${WON} from buckets
    join quotes on quotes.accepted_at >= buckets.start_at and quotes.accepted_at < buckets.end_at
    where quotes.status = 'accepted'
    group by buckets.bucket`.execute(db);
  return [sent.rows, won.rows];
}
