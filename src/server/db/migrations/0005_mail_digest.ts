import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * Lead notifications over the hourly e-mail allowance wait as `held` outbox rows; the
 * worker gathers them into one `digest` row and marks them `digested` (then `sent` with
 * it), `digest_id` naming the digest that carried them. A digest belongs to no lead, so
 * `ref_id` becomes optional. SQLite cannot change a check constraint: the table is
 * rebuilt, keeping its rows and its id sequence.
 */
export async function addMailDigest(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const kinds = sql`kind in ('contact', 'survey', 'digest')`;
  const statuses = sql`status in ('pending', 'sent', 'failed', 'held', 'digested')`;
  if (engine === "postgres") {
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_kind_check").execute();
    await db.schema.alterTable("mail_outbox").dropConstraint("mail_outbox_status_check").execute();
    await db.schema.alterTable("mail_outbox").addCheckConstraint("mail_outbox_kind_check", kinds).execute();
    await db.schema.alterTable("mail_outbox").addCheckConstraint("mail_outbox_status_check", statuses).execute();
    await db.schema.alterTable("mail_outbox").alterColumn("ref_id", (column) => column.dropNotNull()).execute();
    await db.schema.alterTable("mail_outbox").addColumn("digest_id", "bigint").execute();
  } else {
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
      .addCheckConstraint("mail_outbox_kind_check", kinds)
      .addCheckConstraint("mail_outbox_status_check", statuses)
      .execute();
    const columns = sql.raw("id, created_at, kind, ref_id, payload, status, attempts, next_attempt_at, locked_until, locked_by, last_error, sent_at");
    await sql`insert into mail_outbox_next (${columns}) select ${columns} from mail_outbox`.execute(db);
    // Ids of deleted messages are not reused, as before.
    await sql`delete from sqlite_sequence where name = 'mail_outbox_next'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox_next', seq from sqlite_sequence where name = 'mail_outbox'`.execute(db);
    await db.schema.dropTable("mail_outbox").execute();
    await db.schema.alterTable("mail_outbox_next").renameTo("mail_outbox").execute();
    await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
  }
  await db.schema.createIndex("mail_outbox_digest_idx").on("mail_outbox").column("digest_id").execute();
}
