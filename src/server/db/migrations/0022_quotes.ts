import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0022: quotes the customer accepts on a phone (issue 31, docs/quotes.md).
 * - `quotes`: one row per revision. `number` is the base number (Q-2026-0001) and
 *   `revision` its letter (A, B, …); the pair is unique. A quote's link token is kept as
 *   its sha-256 only. `replaced_by` points at the revision that replaced it.
 * - `quote_lines`: money as integer cents, tax as basis points (825 = 8.25 %).
 * - `quote_acceptances`: the signed record (snapshot and its SHA-256, options, totals,
 *   terms, consent, typed name, IP, user agent, time), kept until the lead is erased.
 * - `quote_counters`: one row per year, raised inside the creating transaction, so numbers
 *   never repeat, on both engines and across instances.
 * - `leads` gains the one-time and monthly values of its accepted quote.
 * Every child row cascades from its lead, so erasing a lead erases its quotes.
 */
export async function createQuotes(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  const serial = isPostgres ? sql`bigserial` : sql`integer`;
  const reference = isPostgres ? "bigint" : "integer";
  await db.schema
    .createTable("quote_counters")
    .addColumn("year", "integer", (column) => column.primaryKey())
    .addColumn("last", "integer", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("quotes")
    .addColumn("id", serial, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("lead_id", reference, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("number", "text", (column) => column.notNull())
    .addColumn("revision", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("draft"))
    .addColumn("valid_until", "text", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("note", "text")
    .addColumn("terms", "text", (column) => column.notNull())
    .addColumn("discount_cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("one_time_cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("monthly_cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("token_hash", "text", (column) => column.unique())
    .addColumn("sent_at", "bigint")
    .addColumn("viewed_at", "bigint")
    .addColumn("accepted_at", "bigint")
    .addColumn("accepted_name", "text")
    .addColumn("accepted_by", "text")
    .addColumn("declined_at", "bigint")
    .addColumn("declined_reason", "text")
    .addColumn("replaced_by", reference)
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addUniqueConstraint("quotes_number_revision_key", ["number", "revision"])
    .addCheckConstraint("quotes_status_check", sql`status in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'replaced')`)
    .execute();
  await db.schema.createIndex("quotes_lead_idx").on("quotes").column("lead_id").execute();
  await db.schema
    .createTable("quote_lines")
    .addColumn("id", serial, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("quote_id", reference, (column) => column.notNull().references("quotes.id").onDelete("cascade"))
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("catalog_id", "text")
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("quantity", "integer", (column) => column.notNull())
    .addColumn("unit_cents", "bigint", (column) => column.notNull())
    .addColumn("billing", "text", (column) => column.notNull())
    .addColumn("optional", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("selected", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("tax_rate", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("discount_cents", "bigint", (column) => column.notNull().defaultTo(0))
    .addCheckConstraint("quote_lines_billing_check", sql`billing in ('one-time', 'monthly')`)
    .execute();
  await db.schema.createIndex("quote_lines_quote_idx").on("quote_lines").columns(["quote_id", "position"]).execute();
  await db.schema
    .createTable("quote_acceptances")
    .addColumn("id", serial, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("quote_id", reference, (column) => column.notNull().unique().references("quotes.id").onDelete("cascade"))
    .addColumn("lead_id", reference, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("snapshot", "text", (column) => column.notNull())
    .addColumn("snapshot_sha256", "text", (column) => column.notNull())
    .addColumn("options", "text", (column) => column.notNull())
    .addColumn("one_time_cents", "bigint", (column) => column.notNull())
    .addColumn("monthly_cents", "bigint", (column) => column.notNull())
    .addColumn("terms", "text", (column) => column.notNull())
    .addColumn("consent_text", "text", (column) => column.notNull())
    .addColumn("typed_name", "text", (column) => column.notNull())
    .addColumn("accepted_by", "text", (column) => column.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("accepted_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("quote_acceptances_lead_idx").on("quote_acceptances").column("lead_id").execute();
  await db.schema.alterTable("leads").addColumn("won_one_time_cents", "bigint").execute();
  await db.schema.alterTable("leads").addColumn("won_monthly_cents", "bigint").execute();
}
