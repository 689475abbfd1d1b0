import { type Kysely, sql } from "kysely";
import { engineOf } from "./connection";
import type { Database } from "./schema";

/** The tables an erasure deletes from, whose freed space `reclaimErasedRows` cleans. */
const ERASED_TABLES = ["leads", "contact_requests", "survey_submissions", "lead_events", "lead_held_notifications", "mail_outbox", "lead_search", "rate_limits"] as const;

/**
 * After an erasure has committed (never inside its transaction), takes the deleted rows
 * out of what the database keeps on disk (docs/privacy-controls.md). SQLite: the rows and
 * search terms are already zeroed in the file (`secure_delete`, FTS5 `secure-delete`), but
 * the WAL still holds the pages as they were until a checkpoint; `wal_checkpoint(TRUNCATE)`
 * copies the clean pages in and empties the WAL. PostgreSQL: a deleted row stays in its
 * table's heap and indexes until vacuum; `VACUUM` of the erased tables removes them and
 * their index entries so the space is reused. A failure is logged, not thrown: the erasure
 * itself has happened, and the next one (or autovacuum) tries again.
 */
export async function reclaimErasedRows(db: Kysely<Database>): Promise<void> {
  try {
    if (engineOf(db) === "sqlite") {
      const [result] = (await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db)).rows;
      if (result?.busy) console.error("[privacy] the WAL checkpoint after an erasure was blocked by a reader; the next checkpoint completes it.");
      return;
    }
    await sql`vacuum ${sql.join(ERASED_TABLES.map((table) => sql.table(table)))}`.execute(db);
  } catch (error) {
    console.error("[privacy] reclaiming erased rows failed:", error instanceof Error ? error.message : error);
  }
}
