import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * The privacy controls (docs/privacy-controls.md):
 * - `admin_audit_log`: what the owner did, when, from which session (its public id and
 *   the browser it named at sign-in, so an ended session still reads as one). It never
 *   holds a person's data: ids, statuses and counts only;
 * - a Won lead past the retention period keeps only what an invoice needs: the survey's
 *   postal `address` is copied to the lead, beside `won_at` (0011: the day it was first
 *   won), and `redacted_at` says when the rest went.
 */
export async function addAuditLog(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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
