import type { Kysely } from "kysely";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { leadEmailsPerHour } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { settleLeadAfterRemoval } from "@/server/leads/lead-store";
import { type OutboxMessage, readDigestContents } from "@/server/mail/mail-outbox";
import { type Database, isRowId } from "@/server/db/schema";
import { buildLeadDigestEmail, DIGEST_LIST_MAX } from "@/server/mail/lead-digest-email";
import { rewriteLeadWebhooks } from "./lead-notifications";
import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { reclaimErasedRows } from "@/server/db/reclaim-erased";
import { SUBMISSION_TABLES } from "./lead-kinds";

/** One stored form submission: a contact request or a survey, by its row id. */
export type Submission = { kind: SubmissionKind; id: number };

/**
 * Deletes a submission and every copy of it, in one transaction (see
 * `eraseSubmissionWithin`), with its audit entry when `audit` is given. False when there
 * was no such submission.
 */
export async function eraseSubmission(submission: Submission, audit?: AuditRecorder): Promise<boolean> {
  if (!isRowId(submission.id)) return false;
  const db = await getDb();
  const erased = await db.transaction().execute(async (trx) => {
    const erased = await eraseSubmissionWithin(trx, submission);
    if (erased) await audit?.({ action: `${submission.kind}.deleted`, target: { kind: submission.kind, id: submission.id } }, trx);
    return erased;
  });
  if (erased) await reclaimErasedRows(db);
  return erased;
}

/**
 * The erasure inside the caller's transaction `trx`, so that erasing a whole lead can
 * erase each of its submissions and the lead's row together. Removes the submission's
 * row and its notification e-mails in the outbox whatever their state (a queued one is
 * cancelled, one held for the digest leaves it, a sent one is forgotten), and rewrites
 * each digest that carried it from the leads it still carries, or deletes the digest when
 * none remain. The first statement writes, so SQLite takes its write lock at once.
 * SQLite zeroes the freed space (`secure_delete`, connection.ts); a digest or
 * notification already handed to the mail server is beyond reach.
 */
export async function eraseSubmissionWithin(trx: Kysely<Database>, submission: Submission): Promise<boolean> {
  const deleted = await removeSubmissionWithin(trx, submission);
  if (!deleted) return false;
  // The lead goes with its last submission (its outbox rows cascade); otherwise its identity,
  // times and search words follow what remains, and so do the copies made for the lead.
  if (deleted.lead_id !== null) {
    await settleLeadAfterRemoval(trx, deleted.lead_id);
    await forgetAddressInLeadCopies(trx, deleted.lead_id, deleted.email);
  }
  return true;
}

/**
 * The copies made for a lead rather than for one submission: its webhook calls are
 * rewritten from what the lead holds now, and replies sent to the deleted submission's
 * address go when no remaining submission has that address (a queued one is cancelled).
 */
async function forgetAddressInLeadCopies(trx: Kysely<Database>, leadId: number, email: string): Promise<void> {
  const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
  if (!lead) return;
  await rewriteLeadWebhooks(trx, leadId);
  const remaining = await Promise.all(
    Object.values(SUBMISSION_TABLES).map((table) => trx.selectFrom(table).select("email").where("lead_id", "=", leadId).execute()),
  );
  if (remaining.flat().some((row) => sameAddress(row.email, email))) return;
  const replies = await trx.selectFrom("mail_outbox").select(["id", "payload"]).where("kind", "=", "reply").where("lead_id", "=", leadId).execute();
  const toAddress = replies.filter((reply) => sameAddress((JSON.parse(reply.payload) as OutboxMessage).to, email));
  if (toAddress.length > 0) await trx.deleteFrom("mail_outbox").where("id", "in", toAddress.map((reply) => reply.id)).execute();
}

/**
 * The submission's row and every copy of it (held notification, outbox notifications,
 * its lines in digests), leaving its lead as it is: for a caller that settles the lead
 * itself (a Won lead reduced to its invoice data, src/server/leads/lead-retention.ts).
 * Undefined when there was no such submission.
 */
export async function removeSubmissionWithin(trx: Kysely<Database>, submission: Submission): Promise<{ lead_id: number | null; email: string } | undefined> {
  const deleted = await trx.deleteFrom(SUBMISSION_TABLES[submission.kind]).where("id", "=", submission.id).returning(["lead_id", "email"]).executeTakeFirst();
  // A notification held while its lead is Spam is a copy too.
  await trx.deleteFrom("lead_held_notifications").where("kind", "=", submission.kind).where("ref_id", "=", submission.id).execute();
  const notifications = await trx
    .deleteFrom("mail_outbox")
    .where("kind", "=", submission.kind)
    .where("ref_id", "=", submission.id)
    .returning("digest_id")
    .execute();
  // The visitor's acknowledgement carries a copy too. It names the submission by id and its
  // lead, not its kind: the address it went to tells a contact's from a survey's of the same id.
  if (deleted?.lead_id != null) {
    const acknowledgements = await trx
      .selectFrom("mail_outbox")
      .select(["id", "payload"])
      .where("kind", "=", "acknowledgement")
      .where("ref_id", "=", submission.id)
      .where("lead_id", "=", deleted.lead_id)
      .execute();
    const ids = acknowledgements.filter((row) => sameAddress((JSON.parse(row.payload) as OutboxMessage).to, deleted.email)).map((row) => row.id);
    if (ids.length > 0) await trx.deleteFrom("mail_outbox").where("id", "in", ids).execute();
  }
  const digestIds = new Set(notifications.flatMap((row) => (row.digest_id === null ? [] : [row.digest_id])));
  for (const digestId of digestIds) await rewriteDigest(trx, digestId);
  return deleted;
}

async function rewriteDigest(trx: Kysely<Database>, digestId: number): Promise<void> {
  const digest = await trx.selectFrom("mail_outbox").select("payload").where("id", "=", digestId).where("kind", "=", "digest").executeTakeFirst();
  if (!digest) return;
  const contents = await readDigestContents(trx, digestId, DIGEST_LIST_MAX);
  if (contents.total === 0) {
    await trx.deleteFrom("mail_outbox").where("id", "=", digestId).execute();
    return;
  }
  // Addressed as before, even if the mail settings have changed since it was gathered.
  const { to, from } = JSON.parse(digest.payload) as OutboxMessage;
  const message = buildLeadDigestEmail(contents, { leadsTo: to, from }, leadEmailsPerHour());
  await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(message) }).where("id", "=", digestId).execute();
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
