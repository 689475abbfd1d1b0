import type { Kysely, Selectable } from "kysely";
import { getDb } from "@/server/db/connection";
import { claimRows, oneTransactionAtATime } from "@/server/db/dialect";
import { rateLimitHit } from "@/server/rate-limits/rate-limits";
import { type Database, isoFromMillis, type MailOutboxTable, type OutboxKind, type OutboxStatus } from "@/server/db/schema";
import { idBatches } from "@/server/db/connection";
import { isSubmissionKind, type SubmissionKind, submissionKinds } from "@/lib/lead-desk";
import { projectTypeLabel } from "@/lib/validation/project-types";
import { surveyServiceLabel } from "@/lib/validation/survey-services";

export type { OutboxKind, OutboxStatus };

/** One e-mail, ready to hand to the transport. */
export type OutboxMessage = {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** An iTIP calendar part (a booking's invitation or cancellation), sent as nodemailer's `icalEvent`. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string };
  /** Files sent with it (a signed quote's PDF), base64 in the stored payload. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
};

export type OutboxItem = {
  id: number;
  createdAt: string;
  kind: OutboxKind;
  /** The lead's id; null for a digest. */
  refId: number | null;
  payload: OutboxMessage;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lockedBy: string | null;
  lastError: string | null;
  sentAt: string | null;
  /** For a lead notification held for the digest: the digest that carries it. */
  digestId: number | null;
  /** The payload as stored: for a `webhook`, the exact JSON body to post (its `payload` is not an e-mail). */
  payloadText: string;
};

/** This process's running outbox worker (outbox-worker.ts), which registers itself here while it runs. */
let wakeWorker: (() => void) | undefined;

/**
 * Called after something is queued, so the e-mail (or webhook, or push) leaves within moments,
 * not at the worker's next tick. The worker listens here rather than being called, so the code
 * that queues (a lead's request among it) never loads the senders; without a running worker it does nothing.
 */
export function kickOutbox(): void {
  wakeWorker?.();
}

/** The worker's side of `kickOutbox`: `listener` while it runs, undefined once it stops. */
export function listenForOutboxKicks(listener: (() => void) | undefined): void {
  wakeWorker = listener;
}

/** The kinds the outbox sends as e-mail (nodemailer); a `webhook` is posted over HTTP instead. */
export const EMAIL_OUTBOX_KINDS = ["contact", "survey", "digest", "acknowledgement", "reply", "booking-invitation", "booking-cancellation", "booking-reminder", "quote"] as const satisfies readonly OutboxKind[];

/**
 * Queues a new lead's webhook through `executor`, the transaction that created the lead
 * (src/server/leads/lead-notifications.ts). `body` is the JSON text to post, unchanged.
 */
export async function enqueueWebhook(executor: Kysely<Database>, entry: { leadId: number | null; body: string; now: number; sendAt?: number }): Promise<number> {
  const row = await executor
    .insertInto("mail_outbox")
    .values({ created_at: entry.now, kind: "webhook", ref_id: entry.leadId, lead_id: entry.leadId, payload: entry.body, status: "pending", attempts: 0, next_attempt_at: entry.sendAt ?? entry.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues one push per device for the lead `leadId` through `executor`, the transaction that
 * stored the lead's submission (src/server/leads/lead-notifications.ts). The row names the device
 * only: the notification is built from the lead when it is sent, so the queue never keeps
 * a name, and erasing the lead deletes its pushes with it (`lead_id`).
 */
export async function enqueuePushes(executor: Kysely<Database>, entry: { leadId: number; subscriptionIds: readonly number[]; now: number }): Promise<void> {
  if (entry.subscriptionIds.length === 0) return;
  await executor
    .insertInto("mail_outbox")
    .values(
      entry.subscriptionIds.map((subscriptionId) => ({
        created_at: entry.now,
        kind: "push" as const,
        ref_id: entry.leadId,
        lead_id: entry.leadId,
        payload: JSON.stringify({ subscriptionId }),
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: entry.now,
      })),
    )
    .execute();
}

/**
 * Thrown by a sender when trying again cannot help (a push service that no longer knows the
 * device, a device or lead removed meanwhile): the message is given up at once, not retried.
 */
export class OutboxGiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboxGiveUp";
  }
}

/** An SMTP error can carry a whole server transcript; the admin needs the gist. */
const LAST_ERROR_MAX = 2000;

/**
 * How many lead notifications may go out one by one per window (LEAD_EMAILS_PER_HOUR);
 * the rest are held for one digest e-mail. Counted like a rate limit, on one shared key.
 */
export type NotificationAllowance = { key: string; limit: number; windowMs: number };

/**
 * Adds a lead's notification to the outbox through `executor`, normally the transaction
 * that stored the lead, so a lead is never saved without its notification (or the
 * reverse). With an `allowance`, the notification is counted against it in the same
 * transaction, and one over it is held for the digest.
 */
export async function enqueueOutboxMessage(executor: Kysely<Database>, entry: OutboxEntry, allowance?: NotificationAllowance): Promise<number> {
  let heldUntil: number | undefined;
  if (allowance) {
    const hit = notificationHit(executor, allowance, entry.now);
    heldUntil = hit.heldUntil(await hit.query.executeTakeFirstOrThrow());
  }
  const row = await outboxInsert(executor, { ...entry, heldUntil }).executeTakeFirstOrThrow();
  return row.id;
}

export type OutboxEntry = {
  kind: Exclude<OutboxKind, "digest">;
  refId: number;
  /** The lead the message is about: erasing the lead deletes the message. */
  leadId: number;
  message: OutboxMessage;
  now: number;
  /** Held for the digest until then (the end of the window that overflowed) instead of sent on its own. */
  heldUntil?: number;
  /** Not sent before this time (a booking's reminder). */
  notBefore?: number;
  /** Not sent while the message with this id is still waiting to go (a cancellation after its invitation). */
  afterId?: number;
};

/**
 * Counts one notification against `allowance`; `heldUntil` reads the counter's row and
 * says until when the notification waits for the digest, or undefined when it may go now.
 */
export function notificationHit(executor: Kysely<Database>, allowance: NotificationAllowance, now: number) {
  const hit = rateLimitHit(executor, allowance.key, allowance.windowMs, now);
  return {
    query: hit.query,
    heldUntil: (row: { window_start: number; count: number }): number | undefined =>
      hit.result(row, allowance.limit).allowed ? undefined : Number(row.window_start) + Math.max(1, Math.floor(allowance.windowMs)),
  };
}

/** The insert of `enqueueOutboxMessage`. */
export function outboxInsert(executor: Kysely<Database>, entry: OutboxEntry) {
  const held = entry.heldUntil !== undefined;
  return executor
    .insertInto("mail_outbox")
    .values({
      created_at: entry.now,
      kind: entry.kind,
      ref_id: entry.refId,
      lead_id: entry.leadId,
      payload: JSON.stringify(entry.message),
      status: held ? "held" : "pending",
      attempts: 0,
      next_attempt_at: entry.heldUntil ?? entry.notBefore ?? entry.now,
      after_id: entry.afterId ?? null,
    })
    .returning("id");
}

/**
 * Takes the notifications of these submissions that are still queued (pending or held
 * for the digest, and not leased to a worker sending them) out of the outbox, and
 * returns them: a lead marked Spam keeps them back (src/server/leads/lead-store.ts).
 */
export async function withdrawQueuedNotifications(
  executor: Kysely<Database>,
  kind: "contact" | "survey",
  refIds: readonly number[],
  now: number,
): Promise<{ refId: number; payload: string; createdAt: number }[]> {
  const withdrawn: { refId: number; payload: string; createdAt: number }[] = [];
  for (const ids of idBatches([...refIds])) {
    const rows = await executor
      .deleteFrom("mail_outbox")
      .where("kind", "=", kind)
      .where("ref_id", "in", ids)
      .where("status", "in", ["pending", "held"])
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
      .returning(["ref_id", "payload", "created_at"])
      .execute();
    withdrawn.push(...rows.map((row) => ({ refId: Number(row.ref_id), payload: row.payload, createdAt: Number(row.created_at) })));
  }
  return withdrawn;
}

/**
 * Takes a booking's reminders still queued (not leased to a worker sending them right now)
 * out of the outbox: none goes for a cancelled, moved or finished consultation
 * (src/server/bookings/booking-outbox.ts).
 */
export async function withdrawBookingReminders(executor: Kysely<Database>, bookingId: number, now: number): Promise<void> {
  await executor
    .deleteFrom("mail_outbox")
    .where("kind", "=", "booking-reminder")
    .where("ref_id", "=", bookingId)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .execute();
}

/**
 * Leases up to `limit` due messages (of `kinds`, when given) to `workerId` until `now + leaseMs`. A message is
 * due when pending, its next attempt time has come and no live lease holds it; a worker
 * that dies mid-send loses its lease and another worker picks the message up.
 */
export async function claimOutboxBatch(workerId: string, limit: number, leaseMs: number, now = Date.now(), kinds?: readonly OutboxKind[]): Promise<OutboxItem[]> {
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
      // A message that follows another waits until that one has gone (or was given up or withdrawn).
      .where((eb) =>
        eb.or([
          eb("after_id", "is", null),
          eb.not(eb.exists(eb.selectFrom("mail_outbox as before").select("before.id").whereRef("before.id", "=", "mail_outbox.after_id").where("before.status", "in", ["pending", "held"]))),
        ]),
      )
      // Only what this instance can deliver now: without SMTP, e-mails stay pending.
      .$if(kinds !== undefined, (query) => query.where("kind", "in", kinds!.length > 0 ? [...kinds!] : ["none" as OutboxKind]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit);

  // Two workers never lease the same message (dialect.ts's claimRows).
  const rows = await claimRows(db, dueIds, (executor, ids) => executor.updateTable("mail_outbox").set(lease).where("id", "in", ids).returningAll().execute());
  return rows.map(toOutboxItem).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
}

/**
 * False when the lease was lost (expired and taken by another worker). A digest takes
 * the notifications it carried along to `sent` (a second statement: should it not run,
 * they stay `digested`, which is never sent again either).
 */
export async function markOutboxSent(id: number, workerId: string, now = Date.now()): Promise<boolean> {
  const db = await getDb();
  const sent = await db
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
    .returning("kind")
    .executeTakeFirst();
  if (sent?.kind === "digest") {
    await db.updateTable("mail_outbox").set({ status: "sent", sent_at: now }).where("digest_id", "=", id).where("status", "=", "digested").execute();
  }
  return sent !== undefined;
}

/**
 * A lead notification held for the digest, with the lead as it is stored now. Erasing a
 * lead deletes its notifications with it (src/server/leads/erase-submission.ts), so a
 * digest never lists a deleted one.
 */
export type HeldNotification = {
  kind: SubmissionKind;
  leadId: number;
  receivedAt: number;
  lead: HeldLead;
};

/** The submission behind a held notification, as its digest line shows it. */
type HeldLead = { name: string; email: string; service: string };

export type DueDigest = { total: number; listed: HeldNotification[] };

type TakenRow = { id: number; kind: OutboxKind; ref_id: number | null; created_at: number };

/** How the digest reads the submissions behind each kind of held notification (`ids`), as stored now. */
const heldSubmissions: { readonly [Kind in SubmissionKind]: (executor: Kysely<Database>, ids: number[]) => Promise<{ id: number; lead: HeldLead }[]> } = {
  contact: async (executor, ids) =>
    (await executor.selectFrom("contact_requests").select(["id", "name", "email", "project_type"]).where("id", "in", ids).execute()).map((row) => ({
      id: row.id,
      lead: { name: row.name, email: row.email, service: projectTypeLabel(row.project_type) },
    })),
  survey: async (executor, ids) =>
    (await executor.selectFrom("survey_submissions").select(["id", "business_name", "email", "interested_services"]).where("id", "in", ids).execute()).map((row) => {
      // Written as a JSON array by the survey kind's columns (leads/lead-kinds.ts).
      const services = JSON.parse(row.interested_services) as string[];
      return { id: row.id, lead: { name: row.business_name, email: row.email, service: services.length ? services.map(surveyServiceLabel).join(", ") : "None selected" } };
    }),
};

/** PostgreSQL advisory lock key held while gathering a digest (the migrations use another). */
const DIGEST_GATHER_LOCK = 4_820_133_716;

/**
 * Gathers every held notification whose window has ended (`next_attempt_at <= now`)
 * into one new `digest` outbox message, built by `build` from the first `listAtMost` of
 * them and the total, and marks them `digested`. One transaction: the digest and the
 * marks commit together or not at all, and the worker sends the digest like any other
 * message, with its retries. Safe in every instance at once: the update that takes the
 * held rows is the claim, and one instance gathers at a time (PostgreSQL: an advisory
 * lock; SQLite: `BEGIN IMMEDIATE`), so the next finds them no longer held and no
 * notification is in two digests. Returns the digest's id, or undefined when nothing was due.
 */
export async function gatherDueDigest(build: (digest: DueDigest) => OutboxMessage, listAtMost: number, now = Date.now()): Promise<number | undefined> {
  const db = await getDb();
  const due = await db.selectFrom("mail_outbox").select("id").where("status", "=", "held").where("next_attempt_at", "<=", now).limit(1).executeTakeFirst();
  if (!due) return undefined;

  return db.transaction().execute(async (trx) => {
    // One gatherer at a time: two updates taking held rows side by side could each take
    // some of them (two digests) or deadlock.
    await oneTransactionAtATime<Database>(trx, DIGEST_GATHER_LOCK);
    const digest = await trx
      .insertInto("mail_outbox")
      .values({ created_at: now, kind: "digest", ref_id: null, payload: "{}", status: "pending", attempts: 0, next_attempt_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const taken = await trx
      .updateTable("mail_outbox")
      .set({ status: "digested", digest_id: digest.id })
      .where("status", "=", "held")
      .where("next_attempt_at", "<=", now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      // Another instance took them first.
      await trx.deleteFrom("mail_outbox").where("id", "=", digest.id).execute();
      return undefined;
    }
    const message = build(await readDigestContents(trx, digest.id, listAtMost));
    await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(message) }).where("id", "=", digest.id).execute();
    return digest.id;
  });
}

/**
 * What the digest `digestId` carries, as stored now, through `executor` (a transaction):
 * every notification still in it, the oldest `listAtMost` with their leads.
 */
export async function readDigestContents(executor: Kysely<Database>, digestId: number, listAtMost: number): Promise<DueDigest> {
  const carried = await executor.selectFrom("mail_outbox").select(["id", "kind", "ref_id", "created_at"]).where("digest_id", "=", digestId).execute();
  const listed = listFirst(carried, listAtMost);
  const leads = new Map<string, HeldLead>();
  for (const kind of submissionKinds) {
    const ids = listed.filter((row) => row.kind === kind && row.ref_id !== null).map((row) => Number(row.ref_id));
    for (const batch of idBatches(ids)) for (const { id, lead } of await heldSubmissions[kind](executor, batch)) leads.set(`${kind}:${id}`, lead);
  }
  const present = listed.flatMap((row): HeldNotification[] => {
    const kind = row.kind;
    const lead = leads.get(`${kind}:${Number(row.ref_id)}`);
    // Only a notification queued before erasure existed can outlive its lead: it is left out.
    return lead && isSubmissionKind(kind) ? [{ kind, leadId: Number(row.ref_id), receivedAt: Number(row.created_at), lead }] : [];
  });
  return { total: carried.length - (listed.length - present.length), listed: present };
}

/** The oldest `count` of the notifications taken. */
function listFirst(taken: TakenRow[], count: number): TakenRow[] {
  return [...taken].sort((a, b) => Number(a.created_at) - Number(b.created_at) || a.id - b.id).slice(0, Math.max(0, count));
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

/**
 * Deletes what the outbox no longer needs, with the lead details in it: messages sent, or
 * given up on, before `cutoff`, and the notifications a deleted digest carried (a digest's
 * notifications are sent with it; those of a failed digest stay `digested`).
 */
export async function pruneFinishedOutbox(cutoff: number): Promise<number> {
  const db = await getDb();
  const finished = await db
    .deleteFrom("mail_outbox")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<=", cutoff)]),
        // A failed message's last attempt was due at `next_attempt_at`.
        eb.and([eb("status", "=", "failed"), eb("next_attempt_at", "<=", cutoff)]),
      ]),
    )
    .executeTakeFirst();
  const orphaned = await db
    .deleteFrom("mail_outbox as carried")
    .where("carried.status", "=", "digested")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("mail_outbox as digest").select("digest.id").whereRef("digest.id", "=", "carried.digest_id"))))
    .executeTakeFirst();
  return Number(finished.numDeletedRows) + Number(orphaned.numDeletedRows);
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
    digestId: row.digest_id,
    payloadText: row.payload,
  };
}
