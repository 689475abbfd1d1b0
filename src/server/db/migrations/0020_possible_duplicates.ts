import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0020: a phone number alone no longer joins two people (issue 27). A submission whose
 * e-mail is new but whose phone is a lead's starts a lead of its own, and the pair is kept
 * here as a possible duplicate until the owner merges it or says "Not the same person"
 * (`dismissed_at`, kept so the same pair is never suggested again). One row per pair, the
 * lower id first (unique); both ends cascade, so erasing either lead removes the row. Its own
 * serial id lets the copy to PostgreSQL page through it as through every other table.
 */
export async function addPossibleDuplicates(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  const leadId = isPostgres ? "bigint" : "integer";
  await db.schema
    .createTable("lead_duplicates")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("lead_id", leadId, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("other_lead_id", leadId, (column) => column.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("dismissed_at", "bigint")
    .addUniqueConstraint("lead_duplicates_pair_key", ["lead_id", "other_lead_id"])
    .addCheckConstraint("lead_duplicates_order_check", sql`lead_id < other_lead_id`)
    .execute();
  await db.schema.createIndex("lead_duplicates_other_idx").on("lead_duplicates").column("other_lead_id").execute();
}
