import type { Kysely } from "kysely";

/**
 * A lead notification names the submission it is about by `kind` and `ref_id`, set when
 * it is queued; erasing a submission (src/server/leads/erase-submission.ts) finds its
 * copies by them, and the digests that carry them by `digest_id` (already indexed).
 */
export async function indexOutboxSubjects(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("mail_outbox_subject_idx").on("mail_outbox").columns(["kind", "ref_id"]).execute();
}
