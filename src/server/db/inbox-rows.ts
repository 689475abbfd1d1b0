import { getDb } from "./connection";
import { settleLeadAfterRemoval } from "./leads";
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

/** False when there is no such row. Its lead goes with it when it was the lead's last submission. */
export async function deleteInboxRow(table: InboxTable, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom(table).where("id", "=", id).returning("lead_id").executeTakeFirst();
    if (!deleted) return false;
    if (deleted.lead_id !== null) await settleLeadAfterRemoval(trx, deleted.lead_id);
    return true;
  });
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
