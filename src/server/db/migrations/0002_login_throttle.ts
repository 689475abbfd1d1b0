import type { Kysely } from "kysely";

/** Progressive waits for logins from unknown browsers, per username (src/server/auth/login-guard.ts). */
export async function createLoginThrottle(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("attempts", "integer", (column) => column.notNull())
    .addColumn("blocked_until", "bigint", (column) => column.notNull())
    .addColumn("last_attempt_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("login_throttle_last_attempt_at_idx").on("login_throttle").column("last_attempt_at").execute();
}
