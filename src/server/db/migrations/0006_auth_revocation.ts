import type { Kysely } from "kysely";

/**
 * Device cookies replaced by a newer one in the same browser: a copy of the old cookie
 * must no longer count as a known browser. Kept until the cookie would have expired.
 */
export async function createRetiredDeviceCookies(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_retired_device_cookies")
    .addColumn("nonce", "text", (column) => column.primaryKey())
    .addColumn("retired_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("admin_retired_device_cookies_retired_at_idx").on("admin_retired_device_cookies").column("retired_at").execute();
}
