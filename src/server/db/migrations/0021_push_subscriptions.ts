import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0021: the owner's devices that get a push for every new lead (docs/push.md). One row per
 * browser subscription, unique by its endpoint (subscribing again refreshes the keys); the
 * keys are what the payload is encrypted to (RFC 8291) and never leave the server again.
 * The push messages themselves are `mail_outbox` rows of kind `push` (a kind, not a column).
 */
export async function createPushSubscriptions(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("endpoint", "text", (column) => column.notNull().unique())
    .addColumn("p256dh", "text", (column) => column.notNull())
    .addColumn("auth", "text", (column) => column.notNull())
    .addColumn("label", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("last_success_at", "bigint")
    .execute();
}
