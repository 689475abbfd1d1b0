import "server-only";
import type { Selectable } from "kysely";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import { getDb } from "./connection";
import { enqueueOutboxMessage, type OutboxMessage } from "./mail-outbox";
import { type ContactRequestsTable, isoFromMillis, isRowId, readBoolean, writeBoolean } from "./schema";

export type ContactRequest = {
  id: number;
  createdAt: string;
  viewed: boolean;
  name: string;
  email: string;
  phone: string;
  projectType: string;
  source: string | null;
  message: string;
};

/**
 * Stores a contact request and, when `outbox` is given, its notification e-mail in the
 * same transaction. The honeypot field is never stored.
 */
export async function insertContactRequest(
  data: ContactRequestData,
  options: { outbox?: OutboxMessage } = {},
): Promise<{ id: number; createdAt: string }> {
  const db = await getDb();
  const now = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
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
      .returning("id")
      .executeTakeFirstOrThrow();
    if (options.outbox) {
      await enqueueOutboxMessage(trx, { kind: "contact", refId: row.id, message: options.outbox, now });
    }
    return row.id;
  });
  return { id, createdAt: isoFromMillis(now) };
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

/** False when there is no such request. Marking twice is fine. */
export async function markContactRequestViewed(id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.updateTable("contact_requests").set({ viewed: writeBoolean(true) }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when there is no such request. */
export async function deleteContactRequest(id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.deleteFrom("contact_requests").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Requests not yet opened in the admin. */
export async function countNewContactRequests(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("contact_requests")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("viewed", "=", writeBoolean(false))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
