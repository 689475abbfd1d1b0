import type { SubmissionKind } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { SUBMISSION_TABLES } from "@/server/leads/lead-kinds";

/**
 * The id of the newest stored submission of `kind` from `email` (matched as the desk matches it: trimmed, any case). The public 201 answer names
 * no id (issue 27: ids are sequential, so they would tell how many leads the business gets):
 * a test that needs it reads it where the owner would, in the database.
 */
export async function storedSubmissionId(kind: SubmissionKind, email: string): Promise<number> {
  const db = await getDb();
  const key = email.trim().toLowerCase();
  const row = await db.selectFrom(SUBMISSION_TABLES[kind]).select("id").where("email_key", "=", key).orderBy("id", "desc").executeTakeFirstOrThrow();
  return Number(row.id);
}
