import type { Kysely, Selectable } from "kysely";
import type { ContactRequest } from "@/lib/inbox-records";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import { getDb } from "./connection";
import { countUnviewedInboxRows, deleteInboxRow, markInboxRowViewed } from "./inbox-rows";
import { attachSubmission, queueLeadNotification } from "./leads";
import type { NotificationAllowance, OutboxMessage } from "./mail-outbox";
import { type ContactRequestsTable, type Database, isoFromMillis, isRowId, readBoolean, writeBoolean } from "./schema";

export type { ContactRequest };

/**
 * Stores a contact request and, when `outbox` is given, its notification e-mail in the
 * same transaction, counted against `allowance` when one is given (over it, the
 * notification waits for the digest). The honeypot field is never stored.
 */
export async function insertContactRequest(
  data: ContactRequestData,
  options: { outbox?: OutboxMessage; allowance?: NotificationAllowance } = {},
): Promise<{ id: number; createdAt: string }> {
  const db = await getDb();
  const now = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const attached = await attachSubmission(trx, { kind: "contact", data }, now);
    if (options.outbox) await queueLeadNotification(trx, attached, { kind: "contact", message: options.outbox, now }, options.allowance);
    return attached.submissionId;
  });
  return { id, createdAt: isoFromMillis(now) };
}

/** The row insert of `insertContactRequest`, for the SQLite group commit (lead-submissions.ts). */
export function contactRequestInsert(executor: Kysely<Database>, data: ContactRequestData, now: number, leadId: number | null = null) {
  return executor.insertInto("contact_requests").values(contactRequestValues(data, now, leadId)).returning("id");
}

/** The row a submission is stored as; the leads' folding compares a new one with recent rows by it. */
export function contactRequestValues(data: ContactRequestData, now: number, leadId: number | null) {
  return {
    created_at: now,
    viewed: writeBoolean(false),
    lead_id: leadId,
    name: data.name,
    email: data.email,
    phone: data.phone,
    project_type: data.projectType,
    source: data.source ?? null,
    message: data.message,
  };
}

/** Newest first; requests stored in the same millisecond keep their insertion order (by id). */
export async function listContactRequests(): Promise<ContactRequest[]> {
  const db = await getDb();
  const rows = await db.selectFrom("contact_requests").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toContactRequest);
}

export async function getContactRequest(id: number): Promise<ContactRequest | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  const row = await db.selectFrom("contact_requests").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toContactRequest(row);
}

export function markContactRequestViewed(id: number): Promise<boolean> {
  return markInboxRowViewed("contact_requests", id);
}

export function deleteContactRequest(id: number): Promise<boolean> {
  return deleteInboxRow("contact_requests", id);
}

export function countNewContactRequests(): Promise<number> {
  return countUnviewedInboxRows("contact_requests");
}

export function toContactRequest(row: Selectable<ContactRequestsTable>): ContactRequest {
  return {
    id: row.id,
    createdAt: isoFromMillis(row.created_at),
    viewed: readBoolean(row.viewed),
    name: row.name,
    email: row.email,
    phone: row.phone,
    projectType: row.project_type,
    source: row.source,
    message: row.message,
  };
}
