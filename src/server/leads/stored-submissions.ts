import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { getDb } from "@/server/db/connection";
import { type Database, isRowId, writeBoolean } from "@/server/db/schema";
import { leadKinds, SUBMISSION_TABLES, type StoredSubmission, type SubmissionRow, type SubmissionTable } from "./lead-kinds";

/*
 * The inboxes' reads of stored submissions, one set of functions for every kind: the kind's
 * table and how a row reads come from its descriptor (lead-kinds.ts).
 */

/** A stored row of `kind`'s table as the back office reads it. */
export function readSubmission<Kind extends SubmissionKind>(kind: Kind, row: Selectable<SubmissionRow[SubmissionKind]>): StoredSubmission[Kind] {
  // The row was read from SUBMISSION_TABLES[kind], so it has that table's columns.
  return leadKinds[kind].storage.record(row as Selectable<SubmissionRow[Kind]>);
}

/** Newest first, Spam leads' submissions left out; submissions stored in the same millisecond keep their insertion order (by id). */
export async function listSubmissions<Kind extends SubmissionKind>(kind: Kind): Promise<StoredSubmission[Kind][]> {
  const db = await getDb();
  const table: SubmissionTable = SUBMISSION_TABLES[kind];
  const rows = await db.selectFrom(table).selectAll().where(notFromSpamLead(table)).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map((row) => readSubmission(kind, row));
}

export async function getSubmission<Kind extends SubmissionKind>(kind: Kind, id: number): Promise<StoredSubmission[Kind] | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  const row = await db.selectFrom(SUBMISSION_TABLES[kind] as SubmissionTable).selectAll().where("id", "=", id).executeTakeFirst();
  return row && readSubmission(kind, row);
}

/** False when there is no such row. Marking twice is fine. */
export async function markSubmissionViewed(kind: SubmissionKind, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.updateTable(SUBMISSION_TABLES[kind]).set({ viewed: writeBoolean(true) }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Submissions not yet opened in the admin, Spam leads' left out. */
export async function countNewSubmissions(kind: SubmissionKind): Promise<number> {
  const db = await getDb();
  const table = SUBMISSION_TABLES[kind];
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("viewed", "=", writeBoolean(false))
    .where(notFromSpamLead(table))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Spam hides a lead from every view but the desk's Spam filter, the inbox's lists, CSVs and
 * counts included; "Not spam" brings its submissions back. A row without a lead stays.
 * Viewing or deleting a row by id still works: the owner may want the spam gone for good.
 */
export function notFromSpamLead(table: SubmissionTable) {
  return (eb: ExpressionBuilder<Database, SubmissionTable>): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("leads")
          .select(sql.lit(1).as("one"))
          .where("leads.id", "=", sql.ref<number>(`${table}.lead_id`))
          .where("leads.status", "=", "spam"),
      ),
    );
}
