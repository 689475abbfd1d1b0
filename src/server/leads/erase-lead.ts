import { type Kysely, sql } from "kysely";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { containsText, deleteLeadSearch } from "@/server/db/dialect";
import { reclaimErasedRows } from "@/server/db/reclaim-erased";
import { type Database, isRowId } from "@/server/db/schema";
import { mailboxCounterKeysWithin } from "./receive-lead";
import { removeSubmissionWithin } from "./erase-submission";

/** What an erasure removed, in counts (the audit log's detail: never the person's data). */
export type ErasedLead = { submissions: number; emails: number; events: number };

/**
 * DELETE /api/admin/leads/{id}: the person is forgotten, in one transaction with its audit
 * entry ("Erased lead #12", counts only), then their rows are cleaned from the files
 * (`reclaimErasedRows`). Undefined when there is no such lead.
 */
export async function eraseLead(leadId: number, audit?: AuditRecorder): Promise<ErasedLead | undefined> {
  if (!isRowId(leadId)) return undefined;
  const db = await getDb();
  const erased = await db.transaction().execute(async (trx) => {
    const erased = await eraseLeadWithin(trx, leadId);
    if (erased) await audit?.({ action: "lead.erased", target: { kind: "lead", id: leadId }, detail: erased }, trx);
    return erased;
  });
  if (erased) await reclaimErasedRows(db);
  return erased;
}

/**
 * The erasure inside the caller's transaction (the endpoint's, or one per lead in the
 * retention step): each submission as the inbox's Delete erases it (its row, its held
 * notification, its notification e-mails in every state, its lines in hourly digests,
 * which are rewritten or dropped), then every other outbox copy about the lead
 * (acknowledgements, replies, webhook calls), its notes, calls and events, its search
 * words, any rate-limit window keyed by its address or its mailbox's HMAC, and the lead itself.
 */
export async function eraseLeadWithin(trx: Kysely<Database>, leadId: number): Promise<ErasedLead | undefined> {
  // The first statement writes: SQLite takes its write lock at once, PostgreSQL locks the lead's row.
  const lead = await trx
    .updateTable("leads")
    .set({ updated_at: sql<number>`updated_at` })
    .where("id", "=", leadId)
    .returning(["email", "email_key", "phone_key"])
    .executeTakeFirst();
  if (!lead) return undefined;

  const [contacts, surveys] = await Promise.all([
    trx.selectFrom("contact_requests").select(["id", "email"]).where("lead_id", "=", leadId).execute(),
    trx.selectFrom("survey_submissions").select(["id", "email"]).where("lead_id", "=", leadId).execute(),
  ]);
  for (const { id } of contacts) await removeSubmissionWithin(trx, { kind: "contact", id });
  for (const { id } of surveys) await removeSubmissionWithin(trx, { kind: "survey", id });

  // The foreign keys cascade these too; deleting them here says so, and counts them.
  await trx.deleteFrom("lead_held_notifications").where("lead_id", "=", leadId).execute();
  const emails = await trx.deleteFrom("mail_outbox").where("lead_id", "=", leadId).executeTakeFirst();
  const events = await trx.deleteFrom("lead_events").where("lead_id", "=", leadId).executeTakeFirst();
  // Quotes, their lines and acceptance records (names, IPs, signatures) go with the person.
  await trx.deleteFrom("quote_acceptances").where("lead_id", "=", leadId).execute();
  await trx.deleteFrom("quotes").where("lead_id", "=", leadId).execute();
  await trx.deleteFrom("leads").where("id", "=", leadId).execute();
  await deleteLeadSearch(trx, leadId);
  await deleteRateLimitsKeyedBy(trx, [lead.email, lead.email_key, lead.phone_key]);
  const addresses = [lead.email, ...contacts.map((row) => row.email), ...surveys.map((row) => row.email)].filter((address): address is string => Boolean(address));
  const counters = await mailboxCounterKeysWithin(trx, addresses);
  if (counters.length > 0) await trx.deleteFrom("rate_limits").where("key", "in", counters).execute();
  return { submissions: contacts.length + surveys.length, emails: Number(emails.numDeletedRows), events: Number(events.numDeletedRows) };
}

/** A limit counted per address (e.g. one acknowledgement an hour) names the address in its key. */
async function deleteRateLimitsKeyedBy(trx: Kysely<Database>, values: readonly (string | null)[]): Promise<void> {
  for (const value of new Set(values.filter((text): text is string => Boolean(text && text.length >= 5)))) {
    await trx
      .deleteFrom("rate_limits")
      .where(containsText(trx, "key", value))
      .execute();
  }
}
