import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";
import { serviceOfContact, serviceOfSurvey } from "./frozen/lead-services";

/**
 * Where leads come from and what they are about (docs/lead-desk.md):
 * - each submission keeps the visit's touch (JSON), and each lead its first and last
 *   touch, with their channels and campaigns in columns of their own for filters and
 *   reports; leads from before attribution are Unassigned;
 * - `source` says how a lead reached the desk: `web`, or added by the owner from a
 *   `phone` call or a `walk-in`; `service` is the service line of its first submission
 *   (src/lib/lead-services.ts) and `score` its survey qualification;
 * - outbox messages name their lead, so erasing a lead takes every copy with it, and
 *   gain the kinds `acknowledgement`, `reply` and `webhook`. SQLite cannot change a
 *   check constraint or add a foreign key: the outbox is rebuilt, keeping its rows and
 *   its id sequence.
 */
export async function addLeadInsight(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  const leadId = isPostgres ? "bigint" : "integer";
  await db.schema
    .alterTable("leads")
    .addColumn("source", "text", (column) => column.notNull().defaultTo("web"))
    .execute();
  for (const column of ["first_touch", "last_touch", "first_campaign", "last_campaign", "service"]) {
    await db.schema.alterTable("leads").addColumn(column, "text").execute();
  }
  for (const column of ["first_channel", "last_channel"]) {
    await db.schema.alterTable("leads").addColumn(column, "text", (definition) => definition.notNull().defaultTo("Unassigned")).execute();
  }
  await db.schema.alterTable("leads").addColumn("score", "integer").execute();
  await db.schema.createIndex("leads_first_channel_idx").on("leads").columns(["first_channel", "first_submitted_at"]).execute();
  await db.schema.createIndex("leads_last_channel_idx").on("leads").column("last_channel").execute();
  await db.schema.createIndex("leads_first_campaign_idx").on("leads").column("first_campaign").execute();
  await db.schema.createIndex("leads_last_campaign_idx").on("leads").column("last_campaign").execute();
  await db.schema.createIndex("leads_service_idx").on("leads").columns(["service", "first_submitted_at"]).execute();
  await db.schema.createIndex("leads_score_idx").on("leads").columns(["score", "id"]).execute();
  for (const table of ["contact_requests", "survey_submissions"]) {
    await db.schema.alterTable(table).addColumn("touch", "text").execute();
  }

  const kinds = sql`kind in ('contact', 'survey', 'digest', 'acknowledgement', 'reply', 'webhook')`;
  if (isPostgres) {
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_kind_check").execute();
    await db.schema.alterTable("mail_outbox").addCheckConstraint("mail_outbox_kind_check", kinds).execute();
    await db.schema
      .alterTable("mail_outbox")
      .addColumn("lead_id", leadId, (column) => column.references("leads.id").onDelete("cascade"))
      .execute();
  } else {
    await db.schema
      .createTable("mail_outbox_next")
      .addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("ref_id", "bigint")
      .addColumn("payload", "text", (column) => column.notNull())
      .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
      .addColumn("locked_until", "bigint")
      .addColumn("locked_by", "text")
      .addColumn("last_error", "text")
      .addColumn("sent_at", "bigint")
      .addColumn("digest_id", "bigint")
      .addColumn("lead_id", leadId, (column) => column.references("leads.id").onDelete("cascade"))
      .addCheckConstraint("mail_outbox_kind_check", kinds)
      .addCheckConstraint("mail_outbox_status_check", sql`status in ('pending', 'sent', 'failed', 'held', 'digested')`)
      .execute();
    const columns = sql.raw("id, created_at, kind, ref_id, payload, status, attempts, next_attempt_at, locked_until, locked_by, last_error, sent_at, digest_id");
    await sql`insert into mail_outbox_next (${columns}) select ${columns} from mail_outbox`.execute(db);
    await sql`delete from sqlite_sequence where name = 'mail_outbox_next'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox_next', seq from sqlite_sequence where name = 'mail_outbox'`.execute(db);
    await db.schema.dropTable("mail_outbox").execute();
    await db.schema.alterTable("mail_outbox_next").renameTo("mail_outbox").execute();
    await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("mail_outbox_digest_idx").on("mail_outbox").column("digest_id").execute();
    await db.schema.createIndex("mail_outbox_subject_idx").on("mail_outbox").columns(["kind", "ref_id"]).execute();
  }
  await db.schema.createIndex("mail_outbox_lead_idx").on("mail_outbox").column("lead_id").execute();
  for (const [kind, table] of [
    ["contact", "contact_requests"],
    ["survey", "survey_submissions"],
  ] as const) {
    await sql`update mail_outbox set lead_id = (select lead_id from ${sql.table(table)} where ${sql.table(table)}.id = mail_outbox.ref_id)
              where kind = ${kind}`.execute(db);
  }
  await fillLeadServices(db);
}

/** Each existing lead's service line, from its first submission that names one. */
async function fillLeadServices(db: Kysely<unknown>): Promise<void> {
  const contacts = await sql<{ lead_id: number; created_at: number; project_type: string }>`
    select lead_id, created_at, project_type from contact_requests where lead_id is not null`.execute(db);
  const surveys = await sql<{ lead_id: number; created_at: number; interested_services: string }>`
    select lead_id, created_at, interested_services from survey_submissions where lead_id is not null`.execute(db);
  const named = [
    ...contacts.rows.map((row) => ({ lead: Number(row.lead_id), at: Number(row.created_at), service: serviceOfContact(row.project_type) })),
    ...surveys.rows.map((row) => ({ lead: Number(row.lead_id), at: Number(row.created_at), service: serviceOfSurvey(parseList(row.interested_services)) })),
  ]
    .filter((row) => row.service !== null)
    .sort((a, b) => a.at - b.at);
  const serviceOfLead = new Map<number, string>();
  for (const row of named) if (!serviceOfLead.has(row.lead)) serviceOfLead.set(row.lead, row.service!);
  const leadsOfService = new Map<string, number[]>();
  for (const [lead, service] of serviceOfLead) leadsOfService.set(service, [...(leadsOfService.get(service) ?? []), lead]);
  for (const [service, ids] of leadsOfService) {
    for (let start = 0; start < ids.length; start += 500) {
      await sql`update leads set service = ${service} where id in (${sql.join(ids.slice(start, start + 500))})`.execute(db);
    }
  }
}


function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
