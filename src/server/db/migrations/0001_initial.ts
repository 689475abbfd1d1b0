import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

// Typed without `Database`: a migration must keep building the schema as it was then.
export async function createInitialSchema(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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
