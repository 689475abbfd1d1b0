import { type Kysely, sql } from "kysely";

/**
 * The owner's optional TOTP second factor: one row for the account's secret (active and
 * pending enrolment), the hashes of its recovery codes, and the logins waiting for a code.
 */
export async function createTwoFactorTables(db: Kysely<unknown>): Promise<void> {
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
