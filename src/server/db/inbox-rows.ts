import { getDb } from "./connection";
import { isRowId, writeBoolean } from "./schema";

/** The two lead tables share the back-office operations below; only the table differs. */
export type InboxTable = "contact_requests" | "survey_submissions";

/** False when there is no such row. Marking twice is fine. */
export async function markInboxRowViewed(table: InboxTable, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.updateTable(table).set({ viewed: writeBoolean(true) }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Rows not yet opened in the admin. */
export async function countUnviewedInboxRows(table: InboxTable): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("viewed", "=", writeBoolean(false))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
