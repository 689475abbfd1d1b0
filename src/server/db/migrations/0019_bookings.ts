import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0019: consultations booked from /book (docs/booking.md). One live booking per start time
 * is the database's rule, not only the code's: a partial unique index over `start_at` of
 * the rows whose status is `booked`, on both engines, so two visitors racing for one slot
 * (or two instances) can never both win. The manage link's token is kept as its sha-256
 * only. `mail_outbox.after_id` holds a message until the one it follows has gone, so a
 * cancellation never overtakes its invitation.
 */
export async function createBookings(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
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
