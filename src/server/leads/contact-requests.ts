import type { Selectable } from "kysely";
import type { ContactRequest } from "@/lib/inbox-records";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import { getDb } from "@/server/db/connection";
import { countUnviewedInboxRows, markInboxRowViewed, notFromSpamLead } from "./inbox-rows";
import { storeSubmission } from "./lead-store";
import type { NotificationAllowance, OutboxMessage } from "@/server/mail/mail-outbox";
import { type ContactRequestsTable, isoFromMillis, isRowId, readBoolean } from "@/server/db/schema";

export type { ContactRequest };

/**
 * Stores a contact request and, when `outbox` is given, its notification e-mail in one
 * transaction: what a submission stores (src/server/leads/receive-lead.ts), without its
 * rate limit and honeypot, for tests and tools that start from stored leads.
 */
export async function insertContactRequest(
  data: ContactRequestData,
  options: { outbox?: OutboxMessage; allowance?: NotificationAllowance } = {},
): Promise<{ id: number; createdAt: string }> {
  const db = await getDb();
  const now = Date.now();
  const notification = options.outbox && { message: options.outbox, allowance: options.allowance };
  const { id } = await db.transaction().execute((trx) => storeSubmission(trx, { kind: "contact", data }, now, notification));
  return { id, createdAt: isoFromMillis(now) };
}

/** Newest first, Spam leads' requests left out (inbox-rows.ts); requests stored in the same millisecond keep their insertion order (by id). */
export async function listContactRequests(): Promise<ContactRequest[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("contact_requests")
    .selectAll()
    .where(notFromSpamLead("contact_requests"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
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
