import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0016: the outbox no longer lists its kinds in a check constraint. Every feature that sends
 * something new (push notifications, booking invitations, quotes) would otherwise rebuild
 * the SQLite table, since SQLite cannot change a constraint in place; the kinds are a
 * TypeScript union (`OutboxKind`), and only the outbox module writes the table. The SQLite
 * table is rebuilt one last time, keeping its rows, foreign key, indexes and id sequence.
 */
export async function openOutboxKinds(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  if (engine === "postgres") {
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_kind_check").execute();
    return;
  }
  await db.schema
    .createTable("mail_outbox_next")
    .addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("ref_id", "bigint")
    .addColumn("payload", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
    .addColumn("locked_until", "bigint")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "bigint")
    .addColumn("digest_id", "bigint")
    .addColumn("lead_id", "integer", (column) => column.references("leads.id").onDelete("cascade"))
    .addCheckConstraint("mail_outbox_status_check", sql`status in ('pending', 'sent', 'failed', 'held', 'digested')`)
    .execute();
  const columns = sql.raw("id, created_at, kind, ref_id, payload, status, attempts, next_attempt_at, locked_until, locked_by, last_error, sent_at, digest_id, lead_id");
  await sql`insert into mail_outbox_next (${columns}) select ${columns} from mail_outbox`.execute(db);
  await sql`delete from sqlite_sequence where name = 'mail_outbox_next'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox_next', seq from sqlite_sequence where name = 'mail_outbox'`.execute(db);
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.alterTable("mail_outbox_next").renameTo("mail_outbox").execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("mail_outbox_digest_idx").on("mail_outbox").column("digest_id").execute();
  await db.schema.createIndex("mail_outbox_subject_idx").on("mail_outbox").columns(["kind", "ref_id"]).execute();
  await db.schema.createIndex("mail_outbox_lead_idx").on("mail_outbox").column("lead_id").execute();
}
