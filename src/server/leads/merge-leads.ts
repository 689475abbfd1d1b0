import type { Kysely, Selectable, Updateable } from "kysely";
import type { LeadDetail } from "@/lib/lead-desk";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { addLeadSearchWords, deleteLeadSearch, readLeadSearch } from "@/server/db/dialect";
import { reclaimErasedRows } from "@/server/db/reclaim-erased";
import { type Database, isRowId, type LeadsTable } from "@/server/db/schema";
import { getLeadDetail } from "@/server/desk/lead-detail";
import { rewriteLeadWebhooks } from "./lead-notifications";
import { carryDuplicatesOver, dismissPossibleDuplicate, isPossibleDuplicate } from "./lead-duplicates";
import { emailKey, phoneKey } from "./lead-identity";
import { rescoreLeads } from "./lead-store";

export type DuplicateDecision =
  | { status: "done"; lead: LeadDetail }
  /** One of the two leads does not exist. */
  | { status: "not-found" }
  /** The two are not suggested as one person (never were, or the owner said they are not). */
  | { status: "not-suggested" };

/** Every table whose rows belong to a lead, besides the lead's own row and its search words. */
const LEAD_ROWS = ["contact_requests", "survey_submissions", "lead_events", "lead_held_notifications", "mail_outbox", "bookings"] as const;

type LeadRow = Selectable<LeadsTable>;

/**
 * Merge: `mergedId` becomes part of `keptId` (the lead the owner merged from). One lead with
 * both people's submissions, timelines, bookings and e-mails; its contact details are the
 * newest person's; a "merged" entry on the timeline and the audit log say so. The merged
 * lead's row and search words are then gone from the files as an erasure's are.
 */
export async function mergeLeads(keptId: number, mergedId: number, now = Date.now(), audit?: AuditRecorder): Promise<DuplicateDecision> {
  if (!isRowId(keptId) || !isRowId(mergedId) || keptId === mergedId) return { status: "not-found" };
  const db = await getDb();
  const outcome = await db.transaction().execute(async (trx): Promise<DuplicateDecision["status"]> => {
    const [kept, merged] = await lockLeads(trx, keptId, mergedId);
    if (!kept || !merged) return "not-found";
    if (!(await isPossibleDuplicate(trx, keptId, mergedId))) return "not-suggested";
    const mergedWords = await readLeadSearch<Database>(trx, mergedId);
    for (const table of LEAD_ROWS) await trx.updateTable(table).set({ lead_id: keptId }).where("lead_id", "=", mergedId).execute();
    await carryDuplicatesOver(trx, keptId, mergedId);
    // The merged lead goes first: its keys are free for the kept lead to take.
    await trx.deleteFrom("leads").where("id", "=", mergedId).execute();
    await deleteLeadSearch<Database>(trx, mergedId);
    await trx.updateTable("leads").set(combined(kept, merged, now)).where("id", "=", keptId).execute();
    await trx
      .insertInto("lead_events")
      .values({ lead_id: keptId, type: "merged", at: now, data: JSON.stringify({ mergedLeadId: mergedId }), edited_at: null })
      .execute();
    await addLeadSearchWords<Database>(trx, keptId, mergedWords);
    // A chat post still queued for the merged lead would link to a lead that is gone: it tells of the kept one.
    await rewriteLeadWebhooks(trx, keptId);
    await rescoreLeads<Database>(trx, [keptId]);
    await audit?.({ action: "lead.merged", target: { kind: "lead", id: keptId }, detail: { mergedLeadId: mergedId } }, trx);
    return "done";
  });
  if (outcome !== "done") return { status: outcome };
  await reclaimErasedRows(db);
  const lead = await getLeadDetail(keptId, db);
  return lead ? { status: "done", lead } : { status: "not-found" };
}

/** "Not the same person": the suggestion goes for good, recorded in the audit log. */
export async function markNotDuplicate(leadId: number, otherId: number, now = Date.now(), audit?: AuditRecorder): Promise<DuplicateDecision> {
  if (!isRowId(leadId) || !isRowId(otherId) || leadId === otherId) return { status: "not-found" };
  const db = await getDb();
  const outcome = await db.transaction().execute(async (trx): Promise<DuplicateDecision["status"]> => {
    const [lead, other] = await lockLeads(trx, leadId, otherId);
    if (!lead || !other) return "not-found";
    if (!(await dismissPossibleDuplicate(trx, leadId, otherId, now))) return "not-suggested";
    await audit?.({ action: "lead.not_duplicate", target: { kind: "lead", id: leadId }, detail: { otherLeadId: otherId } }, trx);
    return "done";
  });
  if (outcome !== "done") return { status: outcome };
  const lead = await getLeadDetail(leadId, db);
  return lead ? { status: "done", lead } : { status: "not-found" };
}

/** Both rows, locked for the transaction (the first statement writes: SQLite takes its write lock at once). */
async function lockLeads(trx: Kysely<Database>, ...ids: [number, number]): Promise<[LeadRow | undefined, LeadRow | undefined]> {
  const rows = await trx.updateTable("leads").set((eb) => ({ updated_at: eb.ref("updated_at") })).where("id", "in", ids).returningAll().execute();
  return [rows.find((row) => Number(row.id) === ids[0]), rows.find((row) => Number(row.id) === ids[1])];
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(Number(a), Number(b)));
const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(Number(a), Number(b)));

/**
 * The kept lead after the merge. Contact details: the person who wrote last. Times: the
 * first submission, the last one, and each milestone at its earliest. Status, lost reason and
 * follow-up: the kept lead's, unless it is still New and the merged one is further along.
 * Where it came from: the first touch of the lead that came first, the last of the one that
 * wrote last.
 */
function combined(kept: LeadRow, merged: LeadRow, now: number): Updateable<LeadsTable> {
  // In the same millisecond, the lead created later wrote later.
  const [keptLast, mergedLast] = [Number(kept.last_submitted_at), Number(merged.last_submitted_at)];
  const newer = mergedLast > keptLast || (mergedLast === keptLast && Number(merged.id) > Number(kept.id)) ? merged : kept;
  const older = Number(merged.first_submitted_at) < Number(kept.first_submitted_at) ? merged : kept;
  const decided = kept.status === "new" && merged.status !== "new" ? merged : kept;
  const followUp = kept.next_follow_up_at !== null ? kept : merged;
  return {
    name: newer.name,
    business: newer.business ?? (newer === kept ? merged.business : kept.business),
    email: newer.email,
    email_key: emailKey(newer.email),
    phone: newer.phone,
    phone_key: phoneKey(newer.phone),
    status: decided.status,
    lost_reason: decided.lost_reason,
    lost_note: decided.lost_note,
    next_follow_up_at: followUp.next_follow_up_at,
    next_follow_up_type: followUp.next_follow_up_type,
    first_submitted_at: Math.min(Number(kept.first_submitted_at), Number(merged.first_submitted_at)),
    last_submitted_at: Math.max(Number(kept.last_submitted_at), Number(merged.last_submitted_at)),
    first_response_at: earliest(kept.first_response_at, merged.first_response_at),
    quoted_at: earliest(kept.quoted_at, merged.quoted_at),
    won_at: earliest(kept.won_at, merged.won_at),
    lost_at: earliest(kept.lost_at, merged.lost_at),
    came_back_at: latest(kept.came_back_at, merged.came_back_at),
    first_touch: older.first_touch,
    first_channel: older.first_channel,
    first_campaign: older.first_campaign,
    last_touch: newer.last_touch ?? older.last_touch,
    last_channel: newer.last_touch ? newer.last_channel : older.last_channel,
    last_campaign: newer.last_touch ? newer.last_campaign : older.last_campaign,
    service: kept.service ?? merged.service,
    address: kept.address ?? merged.address,
    updated_at: now,
  };
}
