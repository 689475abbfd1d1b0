import { type Kysely, type Migration, sql } from "kysely";
import { contactIdentity, emailKey, leadSearchBody, newLeadIdentity, phoneKey, type SubmissionIdentity, surveyIdentity } from "@/server/leads/lead-identity";
import { serviceOfContact, serviceOfSurvey } from "@/lib/lead-services";
import { createLeadSearchIndex, writeLeadSearch } from "@/server/db/migrations/frozen/lead-search-index";
import { rescoreLeads } from "@/server/leads/lead-store";
import type { DbEngine } from "@/server/db/dialect";

/*
 * THE OLD WAY, for tests/api/db-migrations-history.test.ts only: src/server/db/migrations.ts as it was at commit
 * 1e6039f, one file that imported the rules of the day (identity keys, search words, services, scores) into old
 * migrations, plus 0017 as that file gained it on branch integrate (commit 7fdf126) before the split was merged.
 * The migrations of src/server/db/migrations/ must build the same schema and rows from the same data.
 */

/** Ordered by name. Never edit an applied migration: add a new one. */
export function buildSingleFileMigrations(engine: DbEngine): Record<string, Migration> {
  return {
    "0001_initial": { up: (db) => createInitialSchema(db, engine) },
    "0002_login_throttle": { up: (db) => createLoginThrottle(db) },
    "0003_admin_account": { up: (db) => addAdminAccount(db) },
    "0004_two_factor": { up: (db) => createTwoFactorTables(db) },
    "0005_mail_digest": { up: (db) => addMailDigest(db, engine) },
    "0006_auth_revocation": { up: (db) => createRetiredDeviceCookies(db) },
    "0007_outbox_subjects": { up: (db) => indexOutboxSubjects(db) },
    "0008_leads": { up: (db) => createLeads(db, engine) },
    "0009_lead_insight": { up: (db) => addLeadInsight(db, engine) },
    "0011_lead_milestones": { up: (db) => addLeadMilestones(db, engine) },
    "0012_reply_templates": { up: (db) => createReplyTemplates(db, engine) },
    // Data only: each lead's score from its latest survey, by the rules of today (src/server/leads/lead-qualification.ts).
    "0013_lead_scores": { up: (db) => rescoreLeads(db).then(() => undefined) },
    "0014_audit_log": { up: (db) => addAuditLog(db, engine) },
    "0015_submission_keys": { up: (db) => addSubmissionKeys(db) },
    "0016_open_outbox_kinds": { up: (db) => openOutboxKinds(db, engine) },
    "0017_erasure_and_duplicates": { up: (db) => eraseForGood(db, engine) },
    "0018_owner_phone": { up: (db) => addOwnerPhone(db) },
    "0019_bookings": { up: (db) => createBookings(db, engine) },
  };
}

// Typed without `Database`: a migration must keep building the schema as it was then.
async function createInitialSchema(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  const idType = isPostgres ? sql`bigserial` : sql`integer`;
  const withId = <T extends { primaryKey(): T; autoIncrement(): T }>(column: T) =>
    isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement();

  await db.schema
    .createTable("contact_requests")
    .addColumn("id", idType, withId)
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("viewed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone", "text", (column) => column.notNull())
    .addColumn("project_type", "text", (column) => column.notNull())
    .addColumn("source", "text")
    .addColumn("message", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("contact_requests_created_at_idx").on("contact_requests").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("survey_submissions")
    .addColumn("id", idType, withId)
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("viewed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("business_name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone_number", "text", (column) => column.notNull())
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("employee_count", "integer", (column) => column.notNull())
    .addColumn("device_count", "integer", (column) => column.notNull())
    .addColumn("primary_internet_use", "text", (column) => column.notNull())
    .addColumn("uses_streaming", "boolean", (column) => column.notNull())
    .addColumn("has_public_wifi", "boolean", (column) => column.notNull())
    .addColumn("phone_count", "integer", (column) => column.notNull())
    .addColumn("interested_services", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("additional_comments", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("survey_submissions_created_at_idx").on("survey_submissions").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("window_start", "bigint", (column) => column.notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_expires_at_idx").on("rate_limits").column("expires_at").execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", idType, withId)
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("ref_id", "bigint", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "bigint")
    .addCheckConstraint("mail_outbox_kind_check", sql`kind in ('contact', 'survey')`)
    .addCheckConstraint("mail_outbox_status_check", sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("last_seen_at", "bigint", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires_at_idx").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();
}

/** Progressive waits for logins from unknown browsers, per username (src/server/auth/login-guard.ts). */
async function createLoginThrottle(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("attempts", "integer", (column) => column.notNull())
    .addColumn("blocked_until", "bigint", (column) => column.notNull())
    .addColumn("last_attempt_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("login_throttle_last_attempt_at_idx").on("login_throttle").column("last_attempt_at").execute();
}

/**
 * The account page: sessions get a public id, the browser and the address they signed in
 * from, and first-run setup links get a table. Sessions last 12 hours at most, so the
 * table is recreated empty rather than back-filled: whoever was signed in signs in again.
 */
async function addAdminAccount(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema
    .createTable("admin_sessions")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("public_id", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("last_seen_at", "bigint", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("user_agent", "text")
    .addColumn("address", "text")
    .execute();
  await db.schema.createIndex("admin_sessions_expires_at_idx").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("admin_setup_tokens")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("used_at", "bigint")
    .execute();
}

/**
 * The owner's optional TOTP second factor: one row for the account's secret (active and
 * pending enrolment), the hashes of its recovery codes, and the logins waiting for a code.
 */
async function createTwoFactorTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_two_factor")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("secret", "text")
    .addColumn("enabled_at", "bigint")
    .addColumn("last_time_step", "bigint")
    .addColumn("pending_secret", "text")
    .addColumn("pending_expires_at", "bigint")
    .addCheckConstraint("admin_two_factor_single_row", sql`id = 1`)
    .execute();

  await db.schema
    .createTable("admin_recovery_codes")
    .addColumn("code_hash", "text", (column) => column.primaryKey())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("used_at", "bigint")
    .execute();

  await db.schema
    .createTable("admin_pending_logins")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("admin_pending_logins_expires_at_idx").on("admin_pending_logins").column("expires_at").execute();
}

/**
 * Lead notifications over the hourly e-mail allowance wait as `held` outbox rows; the
 * worker gathers them into one `digest` row and marks them `digested` (then `sent` with
 * it), `digest_id` naming the digest that carried them. A digest belongs to no lead, so
 * `ref_id` becomes optional. SQLite cannot change a check constraint: the table is
 * rebuilt, keeping its rows and its id sequence.
 */
async function addMailDigest(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const kinds = sql`kind in ('contact', 'survey', 'digest')`;
  const statuses = sql`status in ('pending', 'sent', 'failed', 'held', 'digested')`;
  if (engine === "postgres") {
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_kind_check").execute();
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_status_check").execute();
    await db.schema.alterTable("mail_outbox").addCheckConstraint("mail_outbox_kind_check", kinds).execute();
    await db.schema.alterTable("mail_outbox").addCheckConstraint("mail_outbox_status_check", statuses).execute();
    await db.schema.alterTable("mail_outbox").alterColumn("ref_id", (column) => column.dropNotNull()).execute();
    await db.schema.alterTable("mail_outbox").addColumn("digest_id", "bigint").execute();
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
      .addCheckConstraint("mail_outbox_kind_check", kinds)
      .addCheckConstraint("mail_outbox_status_check", statuses)
      .execute();
    const columns = sql.raw("id, created_at, kind, ref_id, payload, status, attempts, next_attempt_at, locked_until, locked_by, last_error, sent_at");
    await sql`insert into mail_outbox_next (${columns}) select ${columns} from mail_outbox`.execute(db);
    // Ids of deleted messages are not reused, as before.
    await sql`delete from sqlite_sequence where name = 'mail_outbox_next'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox_next', seq from sqlite_sequence where name = 'mail_outbox'`.execute(db);
    await db.schema.dropTable("mail_outbox").execute();
    await db.schema.alterTable("mail_outbox_next").renameTo("mail_outbox").execute();
    await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  }
  await db.schema.createIndex("mail_outbox_digest_idx").on("mail_outbox").column("digest_id").execute();
}

/**
 * Device cookies replaced by a newer one in the same browser: a copy of the old cookie
 * must no longer count as a known browser. Kept until the cookie would have expired.
 */
async function createRetiredDeviceCookies(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_retired_device_cookies")
    .addColumn("nonce", "text", (column) => column.primaryKey())
    .addColumn("retired_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("admin_retired_device_cookies_retired_at_idx").on("admin_retired_device_cookies").column("retired_at").execute();
}

/**
 * A lead notification names the submission it is about by `kind` and `ref_id`, set when
 * it is queued; erasing a submission (src/server/leads/erase-submission.ts) finds its
 * copies by them, and the digests that carry them by `digest_id` (already indexed).
 */
async function indexOutboxSubjects(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("mail_outbox_subject_idx").on("mail_outbox").columns(["kind", "ref_id"]).execute();
}

/**
 * The lead desk (docs/lead-desk.md): leads, their events, notifications held for Spam
 * leads and the search index; contact requests and surveys become a lead's submissions.
 * Every existing submission is attached, oldest first, by the rule new ones follow (same
 * e-mail, else same phone, else a new lead); none is folded or dropped.
 */
async function createLeads(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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
async function addLeadInsight(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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

/**
 * The owner's reply templates (docs/lead-mail.md), managed at /admin/templates, with three
 * to start from. Their placeholders are those of src/lib/reply-templates.ts; the seeds are
 * written out here, as they were on the day, so the migration never changes.
 */
async function createReplyTemplates(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  await db.schema
    .createTable("reply_templates")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  const seeds = [
    {
      name: "First reply to a contact request",
      subject: "Your {{service}} request",
      body: [
        "Hi {{name}},",
        "",
        "Thank you for getting in touch with {{owner}}. I have read your message about {{service}} and would like to ask a few questions so we can suggest the right setup.",
        "",
        "Would a 15-minute call this week suit you? Reply with a time that works, or call us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
    {
      name: "Survey follow-up",
      subject: "Your connectivity survey: next steps for {{business}}",
      body: [
        "Hi {{name}},",
        "",
        "Thank you for filling in our connectivity survey. With {{employees}} employees, {{devices}} connected devices and {{phones}} phones, we have a good picture of what your network needs to carry.",
        "",
        "We would like to walk you through what we recommend. When could we call you? You can also reach us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
    {
      name: "Quote follow-up",
      subject: "Following up on your {{service}} quote",
      body: [
        "Hi {{name}},",
        "",
        "I wanted to check whether you had a chance to look at the quote we sent for {{service}}, and whether any questions came up.",
        "",
        "We are happy to adjust it to your budget or timing. Just reply to this e-mail or call us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
  ];
  const now = Date.now();
  for (const seed of seeds) {
    await sql`insert into reply_templates (name, subject, body, created_at, updated_at) values (${seed.name}, ${seed.subject}, ${seed.body}, ${now}, ${now})`.execute(db);
  }
}

/**
 * When a lead first reached Quoted, Won and Lost (docs/reports.md): the reports' funnel
 * counts the leads that reached a stage, not only those sitting in it. Filled from the
 * timeline's status entries (the first move to each status); a lead in a status with no
 * such entry (written before the timeline, or by hand) reached it when it last changed.
 * The index covers every report's reading of a range of first submissions, so none
 * reads the table's rows (scattered over the file by submission time).
 */
async function addLeadMilestones(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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

/**
 * The privacy controls (docs/privacy-controls.md):
 * - `admin_audit_log`: what the owner did, when, from which session (its public id and
 *   the browser it named at sign-in, so an ended session still reads as one). It never
 *   holds a person's data: ids, statuses and counts only;
 * - a Won lead past the retention period keeps only what an invoice needs: the survey's
 *   postal `address` is copied to the lead, beside `won_at` (0011: the day it was first
 *   won), and `redacted_at` says when the rest went.
 */
async function addAuditLog(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  await db.schema
    .createTable("admin_audit_log")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("at", "bigint", (column) => column.notNull())
    .addColumn("session_id", "text")
    .addColumn("session_label", "text")
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("target_kind", "text")
    .addColumn("target_id", "text")
    .addColumn("detail", "text", (column) => column.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("admin_audit_log_at_idx").on("admin_audit_log").columns(["at", "id"]).execute();

  await db.schema.alterTable("leads").addColumn("address", "text").execute();
  await db.schema.alterTable("leads").addColumn("redacted_at", "bigint").execute();
}

/**
 * 0015: each submission keeps the e-mail and phone keys it is matched on (indexed), so a new
 * submission finds its lead through any address or number the person has used, not only
 * those of the lead's first submission. Existing rows get theirs from the same functions.
 */
async function addSubmissionKeys(db: Kysely<unknown>): Promise<void> {
  const tables = [
    { table: "contact_requests", phone: "phone" },
    { table: "survey_submissions", phone: "phone_number" },
  ] as const;
  for (const { table, phone } of tables) {
    await db.schema.alterTable(table).addColumn("email_key", "text").execute();
    await db.schema.alterTable(table).addColumn("phone_key", "text").execute();
    await db.schema.createIndex(`${table}_email_key_idx`).on(table).column("email_key").execute();
    await db.schema.createIndex(`${table}_phone_key_idx`).on(table).column("phone_key").execute();
    const rows = await sql<{ id: number; email: string; phone: string }>`select id, email, ${sql.ref(phone)} as phone from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      await sql`update ${sql.table(table)} set email_key = ${emailKey(row.email)}, phone_key = ${phoneKey(row.phone)} where id = ${row.id}`.execute(db);
    }
  }
}

/**
 * 0016: the outbox no longer lists its kinds in a check constraint. Every feature that sends
 * something new (push notifications, booking invitations, quotes) would otherwise rebuild
 * the SQLite table, since SQLite cannot change a constraint in place; the kinds are a
 * TypeScript union (`OutboxKind`), and only the outbox module writes the table. The SQLite
 * table is rebuilt one last time, keeping its rows, foreign key, indexes and id sequence.
 */
async function openOutboxKinds(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  if (engine === "postgres") {
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_kind_check").execute();
    return;
  }
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
    .addColumn("lead_id", "integer", (column) => column.references("leads.id").onDelete("cascade"))
    .addCheckConstraint("mail_outbox_status_check", sql`status in ('pending', 'sent', 'failed', 'held', 'digested')`)
    .execute();
  const columns = sql.raw("id, created_at, kind, ref_id, payload, status, attempts, next_attempt_at, locked_until, locked_by, last_error, sent_at, digest_id, lead_id");
  await sql`insert into mail_outbox_next (${columns}) select ${columns} from mail_outbox`.execute(db);
  await sql`delete from sqlite_sequence where name = 'mail_outbox_next'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox_next', seq from sqlite_sequence where name = 'mail_outbox'`.execute(db);
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.alterTable("mail_outbox_next").renameTo("mail_outbox").execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_outbox_digest_idx").on("mail_outbox").column("digest_id").execute();
  await db.schema.createIndex("mail_outbox_subject_idx").on("mail_outbox").columns(["kind", "ref_id"]).execute();
  await db.schema.createIndex("mail_outbox_lead_idx").on("mail_outbox").column("lead_id").execute();
}

/**
 * 0017: an erased person's words leave the SQLite search index. FTS5 otherwise keeps a
 * deleted row's terms in its b-tree (only marked deleted) until segments merge; with its
 * `secure-delete` option (SQLite 3.44+) a delete removes them at once, and an `optimize`
 * merges away what earlier erasures left. PostgreSQL's index is a plain table: nothing to do.
 */
async function eraseForGood(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  if (engine !== "sqlite") return;
  await sql`insert into lead_search (lead_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into lead_search (lead_search) values ('optimize')`.execute(db);
}

/**
 * 0018: the desk on the owner's phone (docs/lead-desk.md):
 * - `leads.came_back_at`: a new submission on a Contacted, Quoted, Won or Lost lead brings it
 *   back to Today until the owner answers it (a call, a status move, a reply);
 * - `leads.next_follow_up_type`: what the follow-up is (call, email, visit, meeting), null for
 *   the follow-ups set before types existed (shown as calls);
 * - `lead_events.client_key`: the idempotency key a call or note logged offline carries, so the
 *   queue that sends it again after a reload stores it once.
 */
async function addOwnerPhone(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("came_back_at", "bigint").execute();
  await db.schema.alterTable("leads").addColumn("next_follow_up_type", "text").execute();
  await db.schema.createIndex("leads_came_back_idx").on("leads").columns(["came_back_at", "id"]).execute();
  await db.schema.alterTable("lead_events").addColumn("client_key", "text").execute();
  await db.schema.createIndex("lead_events_client_key_idx").on("lead_events").column("client_key").unique().execute();
}

/**
 * 0019: consultations booked from /book (docs/booking.md). One live booking per start time
 * is the database's rule, not only the code's: a partial unique index over `start_at` of
 * the rows whose status is `booked`, on both engines, so two visitors racing for one slot
 * (or two instances) can never both win. The manage link's token is kept as its sha-256
 * only. `mail_outbox.after_id` holds a message until the one it follows has gone, so a
 * cancellation never overtakes its invitation.
 */
async function createBookings(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  await db.schema
    .createTable("bookings")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("lead_id", "integer", (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("start_at", "bigint", (column) => column.notNull())
    .addColumn("end_at", "bigint", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("booked"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("phone", "text", (column) => column.notNull())
    .addColumn("business", "text")
    .addColumn("service", "text", (column) => column.notNull())
    .addColumn("note", "text")
    .addColumn("email_key", "text")
    .addColumn("phone_key", "text")
    .addColumn("uid", "text", (column) => column.notNull().unique())
    .addColumn("sequence", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("manage_token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addCheckConstraint("bookings_status_check", sql`status in ('booked', 'cancelled', 'done', 'no-show')`)
    .execute();
  await sql`create unique index bookings_live_start_idx on bookings (start_at) where status = 'booked'`.execute(db);
  await db.schema.createIndex("bookings_start_idx").on("bookings").columns(["start_at", "status"]).execute();
  await db.schema.createIndex("bookings_lead_idx").on("bookings").column("lead_id").execute();
  await db.schema.createIndex("bookings_email_key_idx").on("bookings").columns(["email_key", "status", "start_at"]).execute();
  await db.schema.createIndex("bookings_phone_key_idx").on("bookings").columns(["phone_key", "status", "start_at"]).execute();
  await db.schema.alterTable("mail_outbox").addColumn("after_id", "bigint").execute();
}
