import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";
import { contactIdentity, leadSearchBody, newLeadIdentity, type SubmissionIdentity, surveyIdentity } from "./frozen/lead-identity";
import { createLeadSearchIndex, writeLeadSearch } from "./frozen/lead-search-index";

/**
 * The lead desk (docs/lead-desk.md): leads, their events, notifications held for Spam
 * leads and the search index; contact requests and surveys become a lead's submissions.
 * Every existing submission is attached, oldest first, by the rule new ones follow (same
 * e-mail, else same phone, else a new lead); none is folded or dropped.
 */
export async function createLeads(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  const idType = isPostgres ? sql`bigserial` : sql`integer`;
  const withId = <T extends { primaryKey(): T; autoIncrement(): T }>(column: T) =>
    isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement();
  const leadId = isPostgres ? "bigint" : "integer";

  await db.schema
    .createTable("leads")
    .addColumn("id", idType, withId)
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("business", "text")
    .addColumn("email", "text")
    .addColumn("email_key", "text")
    .addColumn("phone", "text")
    .addColumn("phone_key", "text")
    .addColumn("status", "text", (column) => column.notNull().defaultTo("new"))
    .addColumn("lost_reason", "text")
    .addColumn("lost_note", "text")
    .addColumn("next_follow_up_at", "bigint")
    .addColumn("first_submitted_at", "bigint", (column) => column.notNull())
    .addColumn("last_submitted_at", "bigint", (column) => column.notNull())
    .addColumn("first_response_at", "bigint")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addCheckConstraint("leads_status_check", sql`status in ('new', 'contacted', 'quoted', 'won', 'lost', 'spam')`)
    .execute();
  await db.schema.createIndex("leads_email_key_idx").on("leads").column("email_key").unique().execute();
  await db.schema.createIndex("leads_phone_key_idx").on("leads").column("phone_key").unique().execute();
  await db.schema.createIndex("leads_last_submitted_idx").on("leads").columns(["last_submitted_at", "id"]).execute();
  await db.schema.createIndex("leads_status_last_submitted_idx").on("leads").columns(["status", "last_submitted_at", "id"]).execute();
  await db.schema.createIndex("leads_status_first_submitted_idx").on("leads").columns(["status", "first_submitted_at", "id"]).execute();
  await db.schema.createIndex("leads_follow_up_idx").on("leads").columns(["next_follow_up_at", "status"]).execute();
  await db.schema.createIndex("leads_first_response_idx").on("leads").columns(["first_submitted_at", "first_response_at"]).execute();

  await db.schema
    .createTable("lead_events")
    .addColumn("id", idType, withId)
    .addColumn("lead_id", leadId, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("at", "bigint", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull().defaultTo("{}"))
    .addColumn("edited_at", "bigint")
    .execute();
  await db.schema.createIndex("lead_events_lead_idx").on("lead_events").columns(["lead_id", "type", "at"]).execute();

  await db.schema
    .createTable("lead_held_notifications")
    .addColumn("id", idType, withId)
    .addColumn("lead_id", leadId, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("ref_id", "bigint", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("lead_held_notifications_lead_idx").on("lead_held_notifications").column("lead_id").execute();

  for (const table of ["contact_requests", "survey_submissions"]) {
    await db.schema
      .alterTable(table)
      .addColumn("lead_id", leadId, (column) => column.references("leads.id").onDelete("cascade"))
      .execute();
    await db.schema.createIndex(`${table}_lead_idx`).on(table).columns(["lead_id", "created_at"]).execute();
  }
  await createLeadSearchIndex(db, engine);
  await attachExistingSubmissions(db, engine);
}

type SubmissionRef = { table: "contact_requests" | "survey_submissions"; id: number; identity: SubmissionIdentity };


async function attachExistingSubmissions(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const contacts = await sql<{ id: number; created_at: number; name: string; email: string; phone: string; message: string }>`
    select id, created_at, name, email, phone, message from contact_requests`.execute(db);
  const surveys = await sql<{
    id: number;
    created_at: number;
    business_name: string;
    email: string;
    phone_number: string;
    address: string;
    primary_internet_use: string;
    additional_comments: string;
  }>`select id, created_at, business_name, email, phone_number, address, primary_internet_use, additional_comments from survey_submissions`.execute(db);
  const submissions: SubmissionRef[] = [
    ...contacts.rows.map((row) => ({ table: "contact_requests" as const, id: Number(row.id), identity: contactIdentity(row) })),
    ...surveys.rows.map((row) => ({ table: "survey_submissions" as const, id: Number(row.id), identity: surveyIdentity(row) })),
  ].sort((a, b) => a.identity.at - b.identity.at || a.table.localeCompare(b.table) || a.id - b.id);

  type Pending = { identity: ReturnType<typeof newLeadIdentity>; submissions: SubmissionRef[] };
  const leads: Pending[] = [];
  const byEmail = new Map<string, Pending>();
  const byPhone = new Map<string, Pending>();
  for (const submission of submissions) {
    const identity = newLeadIdentity(submission.identity);
    let lead = (identity.email_key && byEmail.get(identity.email_key)) || (identity.phone_key && byPhone.get(identity.phone_key)) || undefined;
    if (!lead) {
      lead = { identity, submissions: [] };
      leads.push(lead);
      if (identity.email_key) byEmail.set(identity.email_key, lead);
      if (identity.phone_key) byPhone.set(identity.phone_key, lead);
    }
    lead.identity.business ??= submission.identity.business;
    lead.submissions.push(submission);
  }

  for (const lead of leads) {
    const times = lead.submissions.map((submission) => submission.identity.at);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const inserted = await sql<{ id: number }>`
      insert into leads (name, business, email, email_key, phone, phone_key, status, first_submitted_at, last_submitted_at, created_at, updated_at)
      values (${lead.identity.name}, ${lead.identity.business}, ${lead.identity.email}, ${lead.identity.email_key}, ${lead.identity.phone},
              ${lead.identity.phone_key}, 'new', ${first}, ${last}, ${first}, ${last})
      returning id`.execute(db);
    const id = Number(inserted.rows[0]!.id);
    for (const table of ["contact_requests", "survey_submissions"] as const) {
      const ids = lead.submissions.filter((submission) => submission.table === table).map((submission) => submission.id);
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        await sql`update ${sql.table(table)} set lead_id = ${id} where id in (${sql.join(chunk)})`.execute(db);
      }
    }
    await writeLeadSearch(db, engine, id, leadSearchBody(lead.identity, lead.submissions.map((submission) => submission.identity)));
  }
}
