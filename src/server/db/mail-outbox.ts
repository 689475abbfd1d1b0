import type { Kysely, Selectable } from "kysely";
import { engineOf, getDb } from "./connection";
import { type Database, isoFromMillis, type MailOutboxTable, type OutboxKind, type OutboxStatus } from "./schema";

export type { OutboxKind, OutboxStatus };

/** One e-mail, ready to hand to the transport. */
export type OutboxMessage = { to: string; from: string; replyTo?: string; subject: string; text: string; html: string };

export type OutboxItem = {
  id: number;
  createdAt: string;
  kind: OutboxKind;
  refId: number;
  payload: OutboxMessage;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lockedBy: string | null;
  lastError: string | null;
  sentAt: string | null;
};

/** An SMTP error can carry a whole server transcript; the admin needs the gist. */
const LAST_ERROR_MAX = 2000;

/**
 * Adds a message to the outbox through `executor`, normally the transaction that
 * stored the submission, so a request is never saved without its notification (or the
 * reverse).
 */
export async function enqueueOutboxMessage(executor: Kysely<Database>, entry: OutboxEntry): Promise<number> {
  const row = await outboxInsert(executor, entry).executeTakeFirstOrThrow();
  return row.id;
}

export type OutboxEntry = { kind: OutboxKind; refId: number; message: OutboxMessage; now: number };

/** The insert of `enqueueOutboxMessage`, for the SQLite group commit (lead-submissions.ts). */
export function outboxInsert(executor: Kysely<Database>, entry: OutboxEntry) {
  return executor
    .insertInto("mail_outbox")
    .values({
      created_at: entry.now,
      kind: entry.kind,
      ref_id: entry.refId,
      payload: JSON.stringify(entry.message),
      status: "pending",
      attempts: 0,
      next_attempt_at: entry.now,
    })
    .returning("id");
}

/**
 * Leases up to `limit` due messages to `workerId` until `now + leaseMs`. A message is
 * due when pending, its next attempt time has come and no live lease holds it; a worker
 * that dies mid-send loses its lease and another worker picks the message up.
 */
export async function claimOutboxBatch(workerId: string, limit: number, leaseMs: number, now = Date.now()): Promise<OutboxItem[]> {
  if (!Number.isSafeInteger(limit) || limit < 1) return [];
  const db = await getDb();
  const lease = { locked_by: workerId, locked_until: now + leaseMs };

  const dueIds = (executor: Kysely<Database>) =>
    executor
      .selectFrom("mail_outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit);

  let rows: Selectable<MailOutboxTable>[];
  if (engineOf(db) === "postgres") {
    // A plain `UPDATE … WHERE id IN (SELECT … LIMIT n)` is not enough on PostgreSQL: a
    // second worker blocked on the same rows re-checks only `id IN (…)` after the first
    // commits and takes them too. SKIP LOCKED hands each worker different rows.
    rows = await db.transaction().execute(async (trx) => {
      const locked = await dueIds(trx).forUpdate().skipLocked().execute();
      if (locked.length === 0) return [];
      return trx
        .updateTable("mail_outbox")
        .set(lease)
        .where(
          "id",
          "in",
          locked.map((row) => row.id),
        )
        .returningAll()
        .execute();
    });
  } else {
    // One statement: SQLite takes the write lock before reading, so a second process
    // waits (busy_timeout) and then sees the rows as already leased.
    rows = await db.updateTable("mail_outbox").set(lease).where("id", "in", dueIds(db)).returningAll().execute();
  }

  return rows.map(toOutboxItem).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
}

/** False when the lease was lost (expired and taken by another worker). */
export async function markOutboxSent(id: number, workerId: string, now = Date.now()): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: now,
      attempts: eb("attempts", "+", 1),
      locked_by: null,
      locked_until: null,
      last_error: null,
    }))
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a failed attempt and releases the message for another try at `nextAttemptAt`. */
export async function markOutboxRetry(id: number, workerId: string, error: string, nextAttemptAt: number): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, LAST_ERROR_MAX),
      next_attempt_at: nextAttemptAt,
      locked_by: null,
      locked_until: null,
    }))
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives up on a message; it stays in the table for the admin to see. */
export async function markOutboxFailed(id: number, workerId: string, error: string): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "failed",
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, LAST_ERROR_MAX),
      locked_by: null,
      locked_until: null,
    }))
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every message, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  const db = await getDb();
  const rows = await db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
  return rows.map(toOutboxItem);
}

export async function countPendingOutbox(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function toOutboxItem(row: Selectable<MailOutboxTable>): OutboxItem {
  return {
    id: row.id,
    createdAt: isoFromMillis(row.created_at),
    kind: row.kind,
    refId: row.ref_id,
    // Written only by `enqueueOutboxMessage`, from a typed OutboxMessage.
    payload: JSON.parse(row.payload) as OutboxMessage,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lockedUntil: row.locked_until,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : isoFromMillis(row.sent_at),
  };
}
