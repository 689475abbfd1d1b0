import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { recordAudit } from "@/server/audit/audit-log";
import { leadRetentionMonths } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { writeLeadSearch } from "@/server/db/dialect";
import { reclaimErasedRows } from "@/server/db/reclaim-erased";
import type { Database } from "@/server/db/schema";
import { leadSearchBody } from "@/server/leads/lead-identity";
import { eraseLeadWithin } from "./erase-lead";
import { removeSubmissionWithin } from "./erase-submission";

/** Leads looked at per query; each is then erased or reduced in a short transaction of its own. */
export const RETENTION_BATCH = 100;

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.getTime();
}

/**
 * A lead whose last activity (its latest submission, status change, note, call or
 * follow-up; the owner merely opening it is not contact with the person) is before
 * `cutoff`, with something left to take: any lead but a Won one, or a Won one not yet
 * reduced to its invoice data (or given new submissions or events since).
 */
function isStale(eb: ExpressionBuilder<Database, "leads">, cutoff: number) {
  const activity = eb
    .selectFrom("lead_events")
    .select("lead_events.id")
    .whereRef("lead_events.lead_id", "=", "leads.id")
    .where("lead_events.type", "<>", "opened")
    .where((inner) => inner.or([inner("lead_events.at", ">=", cutoff), inner("lead_events.edited_at", ">=", cutoff)]));
  const any = (table: "contact_requests" | "survey_submissions" | "lead_events" | "mail_outbox") =>
    eb.exists(eb.selectFrom(table).select(sql.lit(1).as("one")).whereRef(`${table}.lead_id`, "=", "leads.id"));
  return eb.and([
    eb("leads.last_submitted_at", "<", cutoff),
    eb.not(eb.exists(activity)),
    eb.or([eb("leads.status", "<>", "won"), eb("leads.redacted_at", "is", null), any("contact_requests"), any("survey_submissions"), any("lead_events"), any("mail_outbox")]),
  ]);
}

export type RetentionResult = { erased: number; reduced: number };

/**
 * The retention step of the pruning job (docs/privacy-controls.md). Leads inactive for
 * LEAD_RETENTION_MONTHS are erased through the same path as "Erase this person", except
 * Won ones, which keep only what an invoice needs. Reads the candidates in batches by
 * id, and handles each lead in its own transaction that checks it again first, so it is
 * idempotent, safe in every instance at once (the second finds the lead gone, or already
 * reduced), and no long transaction holds the database however large the backlog.
 */
export async function applyLeadRetention(now = Date.now(), months = leadRetentionMonths()): Promise<RetentionResult> {
  const cutoff = monthsBefore(now, months);
  const db = await getDb();
  const result: RetentionResult = { erased: 0, reduced: 0 };
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom("leads")
      .select("id")
      .where("id", ">", after)
      .where((eb) => isStale(eb, cutoff))
      .orderBy("id")
      .limit(RETENTION_BATCH)
      .execute();
    for (const { id } of batch) {
      const outcome = await db.transaction().execute((trx) => retainOrErase(trx, id, cutoff, now));
      if (outcome) result[outcome] += 1;
    }
    if (batch.length < RETENTION_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  if (result.erased + result.reduced > 0) {
    await recordAudit(db, null, { action: "retention.applied", detail: { erased: result.erased, reduced: result.reduced, months } }, now);
    await reclaimErasedRows(db);
  }
  return result;
}

async function retainOrErase(trx: Kysely<Database>, leadId: number, cutoff: number, now: number): Promise<keyof RetentionResult | undefined> {
  // Writes first (SQLite's write lock, PostgreSQL's row lock), then checks again under it.
  const locked = await trx.updateTable("leads").set({ updated_at: sql<number>`updated_at` }).where("id", "=", leadId).returning("id").executeTakeFirst();
  if (!locked) return undefined;
  const lead = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).where((eb) => isStale(eb, cutoff)).executeTakeFirst();
  if (!lead) return undefined;
  if (lead.status !== "won") return (await eraseLeadWithin(trx, leadId)) ? "erased" : undefined;
  await reduceToInvoiceData(trx, lead, now);
  return "reduced";
}

/**
 * A Won lead keeps its name, business, e-mail, phone, service, the postal address of its
 * latest survey that gave one (copied to the lead), and the day it was won. Its
 * submissions (messages, comments, touches) go with every copy of them, as do its notes,
 * calls, events, outbox e-mails and the lost note of an earlier loss.
 */
async function reduceToInvoiceData(trx: Kysely<Database>, lead: { id: number; address: string | null; won_at: number | null; updated_at: number; name: string; business: string | null; email: string | null; phone: string | null }, now: number): Promise<void> {
  const survey = await trx
    .selectFrom("survey_submissions")
    .select("address")
    .where("lead_id", "=", lead.id)
    .where("address", "<>", "")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const wonEvent = await trx
    .selectFrom("lead_events")
    .select((eb) => eb.fn.max("at").as("at"))
    .where("lead_id", "=", lead.id)
    .where("type", "=", "status")
    .where("data", "like", '%"to":"won"%')
    .executeTakeFirst();
  const [contacts, surveys] = await Promise.all([
    trx.selectFrom("contact_requests").select("id").where("lead_id", "=", lead.id).execute(),
    trx.selectFrom("survey_submissions").select("id").where("lead_id", "=", lead.id).execute(),
  ]);
  for (const { id } of contacts) await removeSubmissionWithin(trx, { kind: "contact", id });
  for (const { id } of surveys) await removeSubmissionWithin(trx, { kind: "survey", id });
  await trx.deleteFrom("lead_held_notifications").where("lead_id", "=", lead.id).execute();
  await trx.deleteFrom("mail_outbox").where("lead_id", "=", lead.id).execute();
  await trx.deleteFrom("lead_events").where("lead_id", "=", lead.id).execute();
  await trx
    .updateTable("leads")
    .set({
      address: lead.address ?? survey?.address ?? null,
      won_at: lead.won_at ?? (wonEvent?.at == null ? Number(lead.updated_at) : Number(wonEvent.at)),
      first_touch: null,
      last_touch: null,
      lost_reason: null,
      lost_note: null,
      next_follow_up_at: null,
      redacted_at: now,
    })
    .where("id", "=", lead.id)
    .execute();
  await writeLeadSearch(trx, lead.id, leadSearchBody(lead, []));
}
