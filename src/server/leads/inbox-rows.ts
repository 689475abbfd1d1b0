import { type ExpressionBuilder, type Expression, type SqlBool, sql } from "kysely";
import { getDb } from "@/server/db/connection";
import { type Database, isRowId, writeBoolean } from "@/server/db/schema";

/** The two lead tables share the back-office operations below; only the table differs. */
export type InboxTable = "contact_requests" | "survey_submissions";

/** False when there is no such row. Marking twice is fine. */
export async function markInboxRowViewed(table: InboxTable, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.updateTable(table).set({ viewed: writeBoolean(true) }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Spam hides a lead from every view but the desk's Spam filter, the inbox's lists, CSVs and
 * counts included; "Not spam" brings its submissions back. A row without a lead stays.
 * Viewing or deleting a row by id still works: the owner may want the spam gone for good.
 */
export function notFromSpamLead(table: InboxTable) {
  return (eb: ExpressionBuilder<Database, InboxTable>): Expression<SqlBool> =>
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

/** Rows not yet opened in the admin, Spam leads' rows left out. */
export async function countUnviewedInboxRows(table: InboxTable): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("viewed", "=", writeBoolean(false))
    .where(notFromSpamLead(table))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
