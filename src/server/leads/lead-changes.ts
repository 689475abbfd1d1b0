import type { Kysely, Selectable, Updateable } from "kysely";
import type { FollowUpType, LeadDetail, LeadNote, LeadStatus } from "@/lib/lead-desk";
import type { LeadCall, LeadPatch } from "@/lib/validation/lead-desk-schemas";
import type { AuditEntry, AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis, isRowId, type LeadEventType, type LeadsTable } from "@/server/db/schema";
import { type EventData, getLeadDetail } from "@/server/desk/lead-detail";
import { snoozedUntil } from "./follow-ups";
import { holdLeadNotifications, releaseLeadNotifications } from "./lead-store";

type LeadRow = Selectable<LeadsTable>;

/** Deciding a lead ends its pending follow-up (the timeline says so). */
const ENDS_FOLLOW_UP: readonly LeadStatus[] = ["won", "lost", "spam"];

/** Moving a lead here from New is a response to it (speed to lead). */
const RESPONDED: readonly LeadStatus[] = ["contacted", "quoted", "won"];

/** The first move to these statuses is kept: the reports count the leads that reached each stage (docs/reports.md). */
const MILESTONES = { quoted: "quoted_at", won: "won_at", lost: "lost_at" } as const;

/** The owner opening a lead again within this long is not recorded again. */
export const OPENED_QUIET_MS = 30 * 60 * 1000;

export type LeadChange = { lead: LeadDetail; releasedNotifications: number };

type Event = {
  [Type in LeadEventType]: { type: Type; data: Type extends keyof EventData ? EventData[Type] : Record<string, never>; clientKey?: string };
}[LeadEventType];

/**
 * PATCH /api/admin/leads/{id}: status (a Lost one with its reason), follow-up. Marking a
 * lead Spam holds its queued notifications; taking it out of Spam releases them.
 * Undefined when there is no such lead.
 */
export async function updateLead(id: number, patch: LeadPatch, now = Date.now(), audit?: AuditRecorder): Promise<LeadChange | undefined> {
  return changeLead(id, now, audit, async (trx, lead) => {
    const changes: Updateable<LeadsTable> = {};
    const events: Event[] = [];
    let releasedNotifications = 0;
    if (patch.status !== undefined) {
      const from = lead.status as LeadStatus;
      const to = patch.status;
      const lostNote = patch.lostNote ?? null;
      const lostChanged = to === "lost" && (lead.lost_reason !== patch.lostReason || lead.lost_note !== lostNote);
      if (from !== to || lostChanged) {
        changes.status = to;
        changes.lost_reason = to === "lost" ? patch.lostReason! : null;
        changes.lost_note = to === "lost" ? lostNote : null;
        events.push({ type: "status", data: to === "lost" ? { from, to, lostReason: patch.lostReason!, lostNote } : { from, to } });
        if (RESPONDED.includes(to) && lead.first_response_at === null) changes.first_response_at = now;
        if (to in MILESTONES) {
          const milestone = MILESTONES[to as keyof typeof MILESTONES];
          if (lead[milestone] === null) changes[milestone] = now;
        }
        // A status move answers a lead that came back: it leaves Today's "Came back".
        changes.came_back_at = null;
        if (ENDS_FOLLOW_UP.includes(to) && lead.next_follow_up_at !== null && patch.nextFollowUpAt === undefined) {
          changes.next_follow_up_at = null;
          changes.next_follow_up_type = null;
          events.push({ type: "follow_up_ended", data: { dueAt: Number(lead.next_follow_up_at), status: to } });
        }
        if (to === "spam" && from !== "spam") await holdLeadNotifications(trx, lead.id, now);
        if (from === "spam" && to !== "spam") releasedNotifications = await releaseLeadNotifications(trx, lead.id, now);
      }
    }
    if (patch.snooze !== undefined && lead.next_follow_up_at !== null && changes.next_follow_up_at === undefined) {
      const dueAt = snoozedUntil(patch.snooze, Number(lead.next_follow_up_at), now);
      events.push(...followUpChange(lead, isoFromMillis(dueAt), patch.nextFollowUpType, changes));
    } else if (patch.nextFollowUpAt !== undefined) {
      events.push(...followUpChange(lead, patch.nextFollowUpAt, patch.nextFollowUpType, changes));
    } else if (patch.nextFollowUpType !== undefined && lead.next_follow_up_at !== null) {
      changes.next_follow_up_type = patch.nextFollowUpType;
    }
    return { changes, events, releasedNotifications };
  });
}

/** POST /api/admin/leads/{id}/calls: the call, a response to the lead (a New lead becomes Contacted), and the next follow-up when given. */
export async function logCall(id: number, call: LeadCall, now = Date.now(), audit?: AuditRecorder): Promise<LeadChange | undefined> {
  return changeLead(id, now, audit, async (_trx, lead) => {
    const answer = answering(lead, now);
    const changes = answer.changes;
    const events: Event[] = [{ type: "call", data: { outcome: call.outcome, note: call.note || null }, clientKey: call.clientKey }, ...answer.events];
    if (call.nextFollowUpAt !== undefined) events.push(...followUpChange(lead, call.nextFollowUpAt, call.nextFollowUpType, changes));
    return { changes, events, releasedNotifications: 0 };
  }, call.clientKey);
}

/**
 * What answering a lead (a call, an e-mail) changes: its first response if none was recorded,
 * a New lead becomes Contacted, and a lead that came back leaves Today's "Came back".
 */
function answering(lead: Pick<LeadRow, "status" | "first_response_at">, now: number): { changes: Updateable<LeadsTable>; events: Event[] } {
  const changes: Updateable<LeadsTable> = { came_back_at: null };
  const events: Event[] = [];
  if (lead.first_response_at === null) changes.first_response_at = now;
  if (lead.status === "new") {
    changes.status = "contacted";
    events.push({ type: "status", data: { from: "new", to: "contacted" } });
  }
  return { changes, events };
}

function followUpChange(lead: LeadRow, next: string | null, type: FollowUpType | undefined, changes: Updateable<LeadsTable>): Event[] {
  const current = lead.next_follow_up_at === null ? null : Number(lead.next_follow_up_at);
  if (next === null) {
    changes.next_follow_up_at = null;
    changes.next_follow_up_type = null;
    return current === null ? [] : [{ type: "follow_up_done", data: { dueAt: current } }];
  }
  const dueAt = Date.parse(next);
  const followUpType = type ?? (current === null ? "call" : (lead.next_follow_up_type ?? "call"));
  changes.next_follow_up_at = dueAt;
  changes.next_follow_up_type = followUpType;
  return current === dueAt && followUpType === (lead.next_follow_up_type ?? "call") ? [] : [{ type: "follow_up_set", data: { dueAt, followUpType } }];
}

async function changeLead(
  id: number,
  now: number,
  audit: AuditRecorder | undefined,
  work: (trx: Kysely<Database>, lead: LeadRow) => Promise<{ changes: Updateable<LeadsTable>; events: Event[]; releasedNotifications: number }>,
  clientKey?: string,
): Promise<LeadChange | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  const change = () =>
    db.transaction().execute(async (trx) => {
      const lead = await trx.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
      if (!lead) return undefined;
      // Sent again by the offline queue: it was stored the first time.
      if (clientKey !== undefined && (await keyStored(trx, id, clientKey))) return 0;
      const { changes, events, releasedNotifications } = await work(trx, lead);
      await trx
        .updateTable("leads")
        .set({ ...changes, updated_at: now })
        .where("id", "=", id)
        .execute();
      await insertEvents(trx, id, now, events);
      for (const entry of events.map((event) => auditEntryOf(id, event))) if (audit && entry) await audit(entry, trx);
      return releasedNotifications;
    });
  const released = await onceByKey(change, clientKey);
  if (released === undefined) return undefined;
  const lead = await getLeadDetail(id, db);
  return lead && { lead, releasedNotifications: released };
}

/** The audit log's line for an event: its kind and statuses, never a note's or a call's words. */
function auditEntryOf(leadId: number, event: Event): AuditEntry | undefined {
  const target = { kind: "lead", id: leadId } as const;
  switch (event.type) {
    case "status":
      return { action: "lead.status", target, detail: { from: event.data.from, to: event.data.to, ...(event.data.lostReason ? { lostReason: event.data.lostReason } : {}) } };
    case "call":
      return { action: "lead.call", target, detail: { outcome: event.data.outcome } };
    case "follow_up_set":
      return { action: "lead.follow_up_set", target };
    case "follow_up_done":
      return { action: "lead.follow_up_cleared", target };
    case "follow_up_ended":
      return { action: "lead.follow_up_ended", target, detail: { status: event.data.status } };
    default:
      return undefined;
  }
}

async function insertEvents(executor: Kysely<Database>, leadId: number, at: number, events: readonly Event[]): Promise<void> {
  if (events.length === 0) return;
  await executor
    .insertInto("lead_events")
    .values(events.map((event) => ({ lead_id: leadId, type: event.type, at, data: JSON.stringify(event.data), client_key: event.clientKey ?? null })))
    .execute();
}

async function keyStored(executor: Kysely<Database>, leadId: number, clientKey: string): Promise<boolean> {
  const row = await executor.selectFrom("lead_events").select("id").where("client_key", "=", clientKey).where("lead_id", "=", leadId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Runs a change that carries an idempotency key. Two sends of one key racing each other both
 * find it absent; the unique index turns the second into an error, and the retry finds the key.
 */
async function onceByKey<T>(change: () => Promise<T>, clientKey: string | undefined): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (clientKey === undefined) throw error;
    return change();
  }
}

/** POST /api/admin/leads/{id}/notes; undefined when there is no such lead. */
export async function addNote(leadId: number, text: string, now = Date.now(), audit?: AuditRecorder, clientKey?: string): Promise<LeadNote | undefined> {
  if (!isRowId(leadId)) return undefined;
  const db = await getDb();
  const add = () =>
    db.transaction().execute(async (trx) => {
      const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
      if (!lead) return undefined;
      if (clientKey !== undefined) {
        // Sent again by the offline queue: the note stored the first time.
        const stored = await trx.selectFrom("lead_events").selectAll().where("client_key", "=", clientKey).where("lead_id", "=", leadId).where("type", "=", "note").executeTakeFirst();
        if (stored) {
          const data = JSON.parse(stored.data) as { text: string };
          return { id: stored.id, text: data.text, at: isoFromMillis(Number(stored.at)), editedAt: stored.edited_at === null ? null : isoFromMillis(Number(stored.edited_at)) };
        }
      }
      const row = await trx
        .insertInto("lead_events")
        .values({ lead_id: leadId, type: "note", at: now, data: JSON.stringify({ text }), client_key: clientKey ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("leads").set({ updated_at: now }).where("id", "=", leadId).execute();
      await audit?.({ action: "lead.note_added", target: { kind: "lead", id: leadId }, detail: { noteId: row.id } }, trx);
      return { id: row.id, text, at: isoFromMillis(now), editedAt: null };
    });
  return onceByKey(add, clientKey);
}

/** PATCH /api/admin/leads/{id}/notes/{noteId}; undefined when the lead has no such note. */
export async function editNote(leadId: number, noteId: number, text: string, now = Date.now(), audit?: AuditRecorder): Promise<LeadNote | undefined> {
  if (!isRowId(leadId) || !isRowId(noteId)) return undefined;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("lead_events")
      .set({ data: JSON.stringify({ text }), edited_at: now })
      .where("id", "=", noteId)
      .where("lead_id", "=", leadId)
      .where("type", "=", "note")
      .returning(["id", "at", "edited_at"])
      .executeTakeFirst();
    if (row) await audit?.({ action: "lead.note_edited", target: { kind: "lead", id: leadId }, detail: { noteId } }, trx);
    return row && { id: row.id, text, at: isoFromMillis(Number(row.at)), editedAt: isoFromMillis(now) };
  });
}

/** DELETE /api/admin/leads/{id}/notes/{noteId}; false when the lead has no such note. */
export async function deleteNote(leadId: number, noteId: number, audit?: AuditRecorder): Promise<boolean> {
  if (!isRowId(leadId) || !isRowId(noteId)) return false;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("lead_events").where("id", "=", noteId).where("lead_id", "=", leadId).where("type", "=", "note").executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await audit?.({ action: "lead.note_deleted", target: { kind: "lead", id: leadId }, detail: { noteId } }, trx);
    return deleted;
  });
}

/** POST /api/admin/leads/{id}/view: an `opened` event, unless one was recorded in the last 30 minutes. False when there is no such lead. */
export async function recordOpened(leadId: number, now = Date.now()): Promise<boolean> {
  if (!isRowId(leadId)) return false;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
    if (!lead) return false;
    const recent = await trx
      .selectFrom("lead_events")
      .select("id")
      .where("lead_id", "=", leadId)
      .where("type", "=", "opened")
      .where("at", ">", now - OPENED_QUIET_MS)
      .limit(1)
      .executeTakeFirst();
    if (!recent) await insertEvents(trx, leadId, now, [{ type: "opened", data: {} }]);
    return true;
  });
}

/** Sending moves an open lead to Quoted; a lead already Quoted, Won, Lost or Spam keeps its status. */
const MOVES_TO_QUOTED: readonly LeadStatus[] = ["new", "contacted"];

/**
 * Moves the lead as a quote step implies, with the status event and milestone the desk's
 * own status change writes (`updateLead` above): Quoted on sending, Won with
 * the accepted values on acceptance.
 */
export async function moveLeadForQuote(trx: Kysely<Database>, leadId: number, now: number, step: { to: "quoted" } | { to: "won"; oneTimeCents: number; monthlyCents: number }): Promise<void> {
  const lead = await trx.selectFrom("leads").select(["status", "quoted_at", "won_at", "first_response_at", "next_follow_up_at"]).where("id", "=", leadId).executeTakeFirstOrThrow();
  const from = lead.status as LeadStatus;
  const changes: Updateable<LeadsTable> = { updated_at: now };
  const moves = step.to === "won" ? from !== "won" : MOVES_TO_QUOTED.includes(from);
  if (step.to === "won") {
    changes.won_one_time_cents = step.oneTimeCents;
    changes.won_monthly_cents = step.monthlyCents;
  }
  if (moves) {
    changes.status = step.to;
    changes.came_back_at = null;
    if (lead.first_response_at === null) changes.first_response_at = now;
    if (step.to === "quoted" && lead.quoted_at === null) changes.quoted_at = now;
    if (step.to === "won" && lead.won_at === null) changes.won_at = now;
    if (step.to === "won" && lead.next_follow_up_at !== null) {
      changes.next_follow_up_at = null;
      changes.next_follow_up_type = null;
    }
  }
  await trx.updateTable("leads").set(changes).where("id", "=", leadId).execute();
  if (!moves) return;
  const events: { type: "status" | "follow_up_ended"; data: unknown }[] = [{ type: "status", data: { from, to: step.to } }];
  if (changes.next_follow_up_at === null) events.push({ type: "follow_up_ended", data: { dueAt: Number(lead.next_follow_up_at), status: step.to } });
  await trx
    .insertInto("lead_events")
    .values(events.map((event) => ({ lead_id: leadId, type: event.type, at: now, data: JSON.stringify(event.data), edited_at: null })))
    .execute();
}

/**
 * An e-mail to the lead from the desk (src/server/desk/lead-replies.ts) answers it, as a call does
 * (`answering`). Written after the e-mail's own event, so the timeline (newest first) shows the
 * status change above it.
 */
export async function answerLeadByEmail(trx: Kysely<Database>, lead: Pick<LeadRow, "id" | "status" | "first_response_at">, now: number): Promise<void> {
  const { changes, events } = answering(lead, now);
  await trx
    .updateTable("leads")
    .set({ ...changes, updated_at: now })
    .where("id", "=", lead.id)
    .execute();
  await insertEvents(trx, lead.id, now, events);
}

/** A consultation marked Done (src/server/bookings/booking-changes.ts) was the lead's first response, at its start, if nothing came before it. */
export async function recordConsultationHeld(trx: Kysely<Database>, leadId: number, startAt: number, now: number): Promise<void> {
  await trx.updateTable("leads").set({ first_response_at: startAt, updated_at: now }).where("id", "=", leadId).where("first_response_at", "is", null).execute();
}
