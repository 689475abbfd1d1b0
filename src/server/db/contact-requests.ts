import type { Kysely, Selectable } from "kysely";
import type { ContactRequest } from "@/lib/inbox-records";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import { getDb } from "./connection";
import { countUnviewedInboxRows, markInboxRowViewed } from "./inbox-rows";
import { enqueueOutboxMessage, type NotificationAllowance, type OutboxMessage } from "./mail-outbox";
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
    const row = await contactRequestInsert(trx, data, now).executeTakeFirstOrThrow();
    if (options.outbox) {
      await enqueueOutboxMessage(trx, { kind: "contact", refId: row.id, message: options.outbox, now }, options.allowance);
    }
    return row.id;
  });
  return { id, createdAt: isoFromMillis(now) };
}

/** The row insert of `insertContactRequest`, for the SQLite group commit (lead-submissions.ts). */
export function contactRequestInsert(executor: Kysely<Database>, data: ContactRequestData, now: number) {
  return executor
    .insertInto("contact_requests")
    .values({
      created_at: now,
      viewed: writeBoolean(false),
      name: data.name,
      email: data.email,
      phone: data.phone,
      project_type: data.projectType,
      source: data.source ?? null,
      message: data.message,
    })
    .returning("id");
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

export function countNewContactRequests(): Promise<number> {
  return countUnviewedInboxRows("contact_requests");
}

function toContactRequest(row: Selectable<ContactRequestsTable>): ContactRequest {
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
