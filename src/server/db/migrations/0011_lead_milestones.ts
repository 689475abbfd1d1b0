import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * When a lead first reached Quoted, Won and Lost (docs/reports.md): the reports' funnel
 * counts the leads that reached a stage, not only those sitting in it. Filled from the
 * timeline's status entries (the first move to each status); a lead in a status with no
 * such entry (written before the timeline, or by hand) reached it when it last changed.
 * The index covers every report's reading of a range of first submissions, so none
 * reads the table's rows (scattered over the file by submission time).
 */
export async function addLeadMilestones(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const target = engine === "postgres" ? sql`(lead_events.data::jsonb ->> 'to')` : sql`json_extract(lead_events.data, '$.to')`;
  for (const status of ["quoted", "won", "lost"] as const) {
    const column = sql.ref(`${status}_at`);
    await db.schema.alterTable("leads").addColumn(`${status}_at`, "bigint").execute();
    await sql`update leads set ${column} = (
                select min(lead_events.at) from lead_events
                where lead_events.lead_id = leads.id and lead_events.type = 'status' and ${target} = ${status})`.execute(db);
    await sql`update leads set ${column} = updated_at where ${column} is null and status = ${status}`.execute(db);
  }
  await db.schema
    .createIndex("leads_reports_idx")
    .on("leads")
    .columns(["first_submitted_at", "status", "first_response_at", "quoted_at", "won_at", "source", "first_channel", "service"])
    .execute();
}
