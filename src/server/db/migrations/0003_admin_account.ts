import type { Kysely } from "kysely";

/**
 * The account page: sessions get a public id, the browser and the address they signed in
 * from, and first-run setup links get a table. Sessions last 12 hours at most, so the
 * table is recreated empty rather than back-filled: whoever was signed in signs in again.
 */
export async function addAdminAccount(db: Kysely<unknown>): Promise<void> {
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
