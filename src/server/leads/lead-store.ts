import { type Kysely, sql } from "kysely";
import type { Touch } from "@/lib/attribution/touch";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import { addLeadSearchWords, deleteLeadSearch, writeLeadSearch } from "@/server/db/dialect";
import { type Database, writeBoolean } from "@/server/db/schema";
import { queueLeadWebhook } from "./lead-notifications";
import { queueLeadPushes } from "./lead-notifications";
import { enqueueOutboxMessage, type NotificationAllowance, type OutboxEntry, type OutboxMessage, outboxInsert, withdrawQueuedNotifications } from "@/server/mail/mail-outbox";
import { consumeRateLimit, releaseRateLimitHit } from "@/server/rate-limits/rate-limits";
import type { NotifiedLead } from "./lead-notifications";
import { emailKey, leadSearchBody, newLeadIdentity, phoneKey, type SubmissionIdentity } from "./lead-identity";
import { type CommonSubmissionColumns, leadKinds, parseList, SUBMISSION_TABLES, type SubmissionTable } from "./lead-kinds";
import type { SubmissionTouches } from "./lead-touches";
import { qualifyLatestSurvey } from "@/server/leads/lead-qualification";
import { idBatches } from "@/server/db/connection";
import { suggestPossibleDuplicate } from "./lead-duplicates";

export type AttachedSubmission = {
  /** The stored submission's id; for a folded one, the id of the identical submission already stored. */
  submissionId: number;
  leadId: number;
  /** An identical submission from the same lead came in the last 10 minutes: nothing new was stored. */
  folded: boolean;
  /** The lead is Spam: its notification is held, not sent. */
  leadIsSpam: boolean;
  /** The submission started a new lead (the lead webhook tells about it). */
  created?: boolean;
};

/** A double click or a resent form within this long is the same submission. */
export const FOLD_WINDOW_MS = 10 * 60 * 1000;

/**
 * Stores a submission as part of its lead, through `trx` (the transaction that stores
 * the submission's notification too, see `queueLeadNotification`). It joins the lead
 * with the same e-mail key (the phone key only when it has no e-mail), else starts a new
 * lead, which a lead with the same phone is shown beside as a possible duplicate; an
 * identical submission from that lead in the last 10 minutes is folded instead.
 */
export async function attachSubmission<Kind extends SubmissionKind>(trx: Kysely<Database>, record: SubmissionOf<Kind>, now = Date.now()): Promise<AttachedSubmission> {
  const { storage } = leadKinds[record.kind];
  const columns = storage.columns(record.data);
  const common = commonColumns(record, now);
  const identity = storage.identity(columns, now);

  const match = await matchLead(trx, identity);
  let lead = match.lead;
  let created = false;
  if (lead) {
    const identical = await findIdenticalRecent(trx, record.kind, lead.id, { ...columns, ...common }, now);
    if (identical !== undefined) return { submissionId: identical, leadId: lead.id, folded: true, leadIsSpam: lead.status === "spam" };
  } else {
    lead = await createLead(trx, identity, now, record.touches?.first ?? null);
    created = lead.created === true;
  }
  await suggestSamePhone(trx, lead.id, match.samePhone, now);

  const stored = await storage.insert(trx, columns, { ...common, lead_id: lead.id });
  const score = storage.score(record.data);
  await trx
    .updateTable("leads")
    .set({
      last_submitted_at: sql<number>`case when last_submitted_at < ${now} then ${now} else last_submitted_at end`,
      first_submitted_at: sql<number>`case when first_submitted_at > ${now} then ${now} else first_submitted_at end`,
      business: sql<string | null>`coalesce(business, ${identity.business})`,
      service: sql<string | null>`coalesce(service, ${storage.service(record.data)})`,
      // Someone already answered writing again comes back to Today (the status is kept).
      came_back_at: sql<number | null>`case when status in ('contacted', 'quoted', 'won', 'lost') then ${now} else came_back_at end`,
      // The latest survey decides the score: it says what the business is now.
      ...(score === null ? {} : { score }),
      updated_at: now,
    })
    .where("id", "=", lead.id)
    .execute();
  await updateLastTouch(trx, lead.id, record.touches?.last ?? null);
  await addLeadSearchWords(trx, lead.id, leadSearchBody(identity, [identity]));
  return { submissionId: stored.id, leadId: lead.id, folded: false, leadIsSpam: lead.status === "spam", created };
}

/** A touch as the lead's touch columns keep it: the JSON, with its channel and campaign in step for filters and reports. */
const firstTouchColumns = (touch: Touch) => ({ first_touch: JSON.stringify(touch), first_channel: touch.channel, first_campaign: touch.campaign });
const lastTouchColumns = (touch: Touch) => ({ last_touch: JSON.stringify(touch), last_channel: touch.channel, last_campaign: touch.campaign });

/**
 * The lead's last touch becomes this submission's. A Direct one does not replace a touch
 * that said where the lead came from (GA4's rule: direct never overrides); a submission
 * without a touch changes nothing.
 */
async function updateLastTouch(trx: Kysely<Database>, leadId: number, touch: Touch | null): Promise<void> {
  if (!touch) return;
  let update = trx.updateTable("leads").set(lastTouchColumns(touch)).where("id", "=", leadId);
  if (touch.channel === "Direct") update = update.where((eb) => eb.or([eb("last_touch", "is", null), eb("last_channel", "=", "Direct")]));
  await update.execute();
}

/**
 * Queues a submission's notification through `trx`: nothing for a folded submission
 * (its twin was notified), held back for a Spam lead, otherwise into the outbox.
 */
export async function queueLeadNotification(
  trx: Kysely<Database>,
  attached: AttachedSubmission,
  entry: Omit<OutboxEntry, "kind" | "refId" | "leadId" | "heldUntil"> & { kind: Submission["kind"] },
  allowance?: NotificationAllowance,
): Promise<void> {
  if (attached.folded) return;
  if (attached.leadIsSpam) {
    await trx
      .insertInto("lead_held_notifications")
      .values({ lead_id: attached.leadId, kind: entry.kind, ref_id: attached.submissionId, payload: JSON.stringify(entry.message), created_at: entry.now })
      .execute();
    return;
  }
  await enqueueOutboxMessage(trx, { ...entry, refId: attached.submissionId, leadId: attached.leadId }, allowance);
}

type LeadMatch = { id: number; status: string; created?: boolean };

/**
 * The lead a person who is not sending a form submission (a booking) is: joined or started
 * by the rule a submission follows (`matchLead`). Its last-contact time and search words
 * take the person in; src/server/leads/receive-lead.ts is the only caller.
 */
export async function joinOrStartLead(trx: Kysely<Database>, identity: SubmissionIdentity, now: number): Promise<{ leadId: number; created: boolean; leadIsSpam: boolean }> {
  const match = await matchLead(trx, identity);
  const found = match.lead;
  const lead = found ?? (await createLead(trx, identity, now, null));
  await suggestSamePhone(trx, lead.id, match.samePhone, now);
  await trx
    .updateTable("leads")
    .set({
      last_submitted_at: sql<number>`case when last_submitted_at < ${now} then ${now} else last_submitted_at end`,
      business: sql<string | null>`coalesce(business, ${identity.business})`,
      updated_at: now,
    })
    .where("id", "=", lead.id)
    .execute();
  await addLeadSearchWords(trx, lead.id, leadSearchBody(identity, [identity]));
  return { leadId: lead.id, created: found === undefined && lead.created === true, leadIsSpam: lead.status === "spam" };
}

type LeadLookup = {
  /** The lead the person is: by e-mail; by phone only for a person who gave no e-mail. */
  lead: LeadMatch | undefined;
  /** Another lead with the person's phone number: a possible duplicate, never joined by itself. */
  samePhone: number | undefined;
};

/**
 * Which lead a person is (issue 27): a phone number alone never joins two people, as an
 * attacker could give the victim's office number, or two coworkers share a switchboard.
 * So a person with an e-mail joins only the lead with that e-mail; one without (a quick
 * add's kind of person) may join by phone.
 */
async function matchLead(executor: Kysely<Database>, identity: SubmissionIdentity): Promise<LeadLookup> {
  const email = emailKey(identity.email);
  const phone = phoneKey(identity.phone);
  const joinedId = email ? await leadIdWithKey(executor, "email_key", email) : phone ? await leadIdWithKey(executor, "phone_key", phone) : undefined;
  const lead = joinedId === undefined ? undefined : await executor.selectFrom("leads").select(["id", "status", "phone_key"]).where("id", "=", joinedId).executeTakeFirst();
  // Most submissions come from a lead's own number: no other lead can hold it (the key is unique on leads).
  if (!phone || lead?.phone_key === phone) return { lead, samePhone: undefined };
  const byPhone = await leadIdWithKey(executor, "phone_key", phone);
  return { lead, samePhone: byPhone !== joinedId ? byPhone : undefined };
}

async function suggestSamePhone(trx: Kysely<Database>, leadId: number, samePhone: number | undefined, now: number): Promise<void> {
  if (samePhone !== undefined) await suggestPossibleDuplicate(trx, leadId, samePhone, "phone", now);
}

/**
 * The lead a person with this e-mail key, else this phone key, already is (quick add's
 * duplicate check: the owner opens that lead instead of adding one).
 */
export async function findLeadIdByKeys(executor: Kysely<Database>, keys: { email_key: string | null; phone_key: string | null }): Promise<number | undefined> {
  for (const column of ["email_key", "phone_key"] as const) {
    const key = keys[column];
    const id = key ? await leadIdWithKey(executor, column, key) : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * The lead holding this key: by the keys the lead was created with, else by those of any of
 * its submissions, so a person who wrote once from another number is found by it too.
 */
async function leadIdWithKey(executor: Kysely<Database>, column: "email_key" | "phone_key", key: string): Promise<number | undefined> {
  const lead = await executor.selectFrom("leads").select("id").where(column, "=", key).executeTakeFirst();
  if (lead) return lead.id;
  for (const table of Object.values(SUBMISSION_TABLES)) {
    const submission = await executor.selectFrom(table).select("lead_id").where(column, "=", key).where("lead_id", "is not", null).limit(1).executeTakeFirst();
    if (submission?.lead_id != null) return submission.lead_id;
  }
  return undefined;
}

/**
 * A new lead; its first touch is set here, once, and never overwritten (docs/attribution.md).
 * A phone key another lead holds stays that lead's (the new lead is its possible duplicate).
 */
async function createLead(executor: Kysely<Database>, identity: SubmissionIdentity, now: number, firstTouch: Touch | null): Promise<LeadMatch> {
  const keys = newLeadIdentity(identity);
  const insert = (phoneKeyOfLead: string | null) =>
    executor
      .insertInto("leads")
      .values({ ...keys, phone_key: phoneKeyOfLead, ...(firstTouch ? firstTouchColumns(firstTouch) : {}), first_submitted_at: now, last_submitted_at: now, created_at: now, updated_at: now })
      // Another instance created the same person's lead a moment ago (PostgreSQL): join it.
      .onConflict((conflict) => conflict.doNothing())
      .returning(["id", "status"])
      .executeTakeFirst();
  const phoneHeld = keys.phone_key !== null && (await keyHeldElsewhere(executor, "phone_key", keys.phone_key, 0));
  const created = await insert(phoneHeld ? null : keys.phone_key);
  if (created) return { ...created, created: true };
  // The conflict was the e-mail (that person's lead: join it) or, racing another person, the phone.
  const lead = (await matchLead(executor, identity)).lead ?? (await insert(null).then((row) => row && { ...row, created: true }));
  if (!lead) throw new Error("The lead could be neither created nor found.");
  return lead;
}

/** The id of a submission of this kind and lead from the fold window whose every field equals `values`. */
async function findIdenticalRecent(
  executor: Kysely<Database>,
  kind: Submission["kind"],
  leadId: number,
  values: object,
  now: number,
): Promise<number | undefined> {
  const rows: Record<string, unknown>[] = await executor
    .selectFrom(SUBMISSION_TABLES[kind])
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("created_at", ">=", now - FOLD_WINDOW_MS)
    .where("created_at", "<=", now)
    .orderBy("created_at", "desc")
    .execute();
  // The touch says how the visitor arrived, not what they sent: a resent form is the same submission.
  const compared = Object.keys(values).filter((column) => !["created_at", "viewed", "lead_id", "touch"].includes(column));
  const same = (stored: unknown, incoming: unknown) => (typeof stored === "boolean" ? Number(stored) : stored) === incoming;
  const incoming = values as Record<string, unknown>;
  const twin = rows.find((row) => compared.every((column) => same(row[column], incoming[column])));
  return twin === undefined ? undefined : Number(twin.id);
}

/** Who sent each submission of a lead, of every kind. */
export async function leadSubmissionIdentities(executor: Kysely<Database>, leadId: number): Promise<SubmissionIdentity[]> {
  const ofEachKind = await Promise.all(Object.values(leadKinds).map(({ storage }) => storage.identitiesOfLead(executor, leadId)));
  return ofEachKind.flat();
}


/**
 * After a submission of the lead was deleted: the lead goes when it has none left.
 * Otherwise it is what its remaining submissions make it, as if the deleted one had never
 * come: its name, e-mail and phone from the earliest of them (the deleted one may have
 * given the lead its identity, and an erased person's address must not stay on it), its
 * business from the first that has one, its times and search words from all of them.
 */
export async function settleLeadAfterRemoval(executor: Kysely<Database>, leadId: number, now = Date.now()): Promise<void> {
  const remaining = await leadSubmissionIdentities(executor, leadId);
  if (remaining.length === 0) {
    await executor.deleteFrom("leads").where("id", "=", leadId).execute();
    await deleteLeadSearch(executor, leadId);
    return;
  }
  const byTime = [...remaining].sort((a, b) => a.at - b.at);
  const identity = newLeadIdentity(byTime[0]!);
  await executor
    .updateTable("leads")
    .set({
      ...identity,
      business: byTime.find((submission) => submission.business !== null)?.business ?? null,
      // A key another lead already holds stays that lead's: this one keeps no key for it.
      email_key: (await keyHeldElsewhere(executor, "email_key", identity.email_key, leadId)) ? null : identity.email_key,
      phone_key: (await keyHeldElsewhere(executor, "phone_key", identity.phone_key, leadId)) ? null : identity.phone_key,
      first_submitted_at: byTime[0]!.at,
      last_submitted_at: byTime[byTime.length - 1]!.at,
      updated_at: now,
    })
    .where("id", "=", leadId)
    .execute();
  const lead = await executor.selectFrom("leads").select(["name", "business", "email", "phone"]).where("id", "=", leadId).executeTakeFirstOrThrow();
  await writeLeadSearch(executor, leadId, leadSearchBody(lead, remaining));
  // The score follows the latest survey that remains (none: no score).
  await rescoreLeads(executor, [leadId]);
}

async function keyHeldElsewhere(executor: Kysely<Database>, column: "email_key" | "phone_key", key: string | null, leadId: number): Promise<boolean> {
  if (key === null) return false;
  const other = await executor.selectFrom("leads").select("id").where(column, "=", key).where("id", "<>", leadId).executeTakeFirst();
  return other !== undefined;
}

/** A lead became Spam: its notifications not yet sent (nor being sent) are taken out of the outbox and held. */
export async function holdLeadNotifications(trx: Kysely<Database>, leadId: number, now = Date.now()): Promise<number> {
  let held = 0;
  for (const [kind, table] of Object.entries(SUBMISSION_TABLES) as [SubmissionKind, SubmissionTable][]) {
    const ids = (await trx.selectFrom(table).select("id").where("lead_id", "=", leadId).execute()).map((row) => row.id);
    const withdrawn = await withdrawQueuedNotifications(trx, kind, ids, now);
    for (const message of withdrawn) {
      await trx
        .insertInto("lead_held_notifications")
        .values({ lead_id: leadId, kind, ref_id: message.refId, payload: message.payload, created_at: message.createdAt })
        .execute();
    }
    held += withdrawn.length;
  }
  return held;
}

/** "Not spam": the lead's held notifications go back to the outbox, to be sent now. */
export async function releaseLeadNotifications(trx: Kysely<Database>, leadId: number, now = Date.now()): Promise<number> {
  const held = await trx.deleteFrom("lead_held_notifications").where("lead_id", "=", leadId).returningAll().execute();
  for (const row of held.sort((a, b) => a.id - b.id)) {
    // Written only by this module, from a typed OutboxMessage.
    await outboxInsert(trx, { kind: row.kind, refId: row.ref_id, leadId, message: JSON.parse(row.payload) as OutboxEntry["message"], now }).execute();
  }
  return held.length;
}

/** One validated submission of a kind, with its touches when the visit left any (src/server/leads/lead-touches.ts). */
export type SubmissionOf<Kind extends SubmissionKind> = { kind: Kind; data: SubmissionData[Kind]; touches?: SubmissionTouches };
/** One validated submission of any kind. */
export type Submission = { [Kind in SubmissionKind]: SubmissionOf<Kind> }[SubmissionKind];

/**
 * The e-mail that tells the owner about a submission, and the hourly allowance it is counted
 * against. The message may be built from the lead once the submission has joined or started
 * it (its id for the link, its channel): receive-lead.ts builds it so.
 */
export type LeadNotification = { message: OutboxMessage | ((lead: NotifiedLead) => OutboxMessage); allowance?: NotificationAllowance };

/**
 * The e-mail that tells the visitor their submission arrived, the counter that keeps their
 * mailbox to one an hour and the site's hourly cap (`acknowledgementAllowances` in receive-lead.ts).
 */
export type LeadAcknowledgement = { message: OutboxMessage; allowances: { mailbox: NotificationAllowance; site: NotificationAllowance } };

/**
 * Writes one submission through `trx`, the transaction of the request that brought it
 * (src/server/leads/receive-lead.ts): attached to its lead (`attachSubmission` below: joined by e-mail
 * or phone, or folded into an identical one from the last 10 minutes) and, when given,
 * its notification, so a lead is never kept without its e-mail or the reverse. Over the
 * allowance, the notification waits for the hourly digest; for a Spam lead it is held
 * until "Not spam". A submission that starts a lead queues the lead webhook too
 * (lead-notifications.ts), and every one told about queues a push to each of the
 * owner's devices (lead-notifications.ts; `pushes` says how many). The honeypot field is never stored. The id is that of the folded
 * twin when the submission was folded.
 */
export async function storeSubmission<Kind extends SubmissionKind>(
  trx: Kysely<Database>,
  submission: SubmissionOf<Kind>,
  now: number,
  notification?: LeadNotification,
  acknowledgement?: LeadAcknowledgement,
): Promise<{ id: number; pushes: number }> {
  const attached = await attachSubmission(trx, submission, now);
  if (notification && !attached.folded) {
    const { message } = notification;
    const built = typeof message === "function" ? message(await notifiedLead(trx, attached.leadId)) : message;
    await queueLeadNotification(trx, attached, { kind: submission.kind, message: built, now }, notification.allowance);
  }
  if (acknowledgement) await queueAcknowledgement(trx, attached, acknowledgement, now);
  // A new lead (not one joined or folded) is announced to the webhook, when there is one.
  if (attached.created) await queueLeadWebhook(trx, attached.leadId, now);
  // Every submission the owner is told about buzzes their devices too: not a folded twin, not a Spam lead's.
  const pushes = attached.folded || attached.leadIsSpam ? 0 : await queueLeadPushes(trx, attached.leadId, now);
  return { id: attached.submissionId, pushes };
}

/** The lead a notification links to, and the channel it came from (Unassigned before attribution). */
async function notifiedLead(trx: Kysely<Database>, leadId: number): Promise<NotifiedLead> {
  const lead = await trx.selectFrom("leads").select(["id", "first_channel"]).where("id", "=", leadId).executeTakeFirstOrThrow();
  return { id: lead.id, channel: lead.first_channel };
}

/**
 * Queues the visitor's acknowledgement through `trx` (docs/lead-mail.md): none for a
 * folded submission (its twin was acknowledged) or one joining a Spam lead, none when
 * its mailbox already had one in the last hour, and none past the site's hourly cap.
 * Only a message that is queued counts against the mailbox and the cap. False when none
 * was queued.
 */
export async function queueAcknowledgement(trx: Kysely<Database>, attached: AttachedSubmission, acknowledgement: LeadAcknowledgement, now: number): Promise<boolean> {
  if (attached.folded || attached.leadIsSpam) return false;
  const { mailbox, site } = acknowledgement.allowances;
  if (!(await consumeRateLimit(mailbox.key, mailbox.limit, mailbox.windowMs, now, trx)).allowed) return false;
  if (!(await consumeRateLimit(site.key, site.limit, site.windowMs, now, trx)).allowed) {
    // The site's cap skipped it: the mailbox may still have its one this hour.
    await releaseRateLimitHit(mailbox.key, now, trx);
    return false;
  }
  await enqueueOutboxMessage(trx, { kind: "acknowledgement", refId: attached.submissionId, leadId: attached.leadId, message: acknowledgement.message, now });
  return true;
}

/** The columns every kind of submission row has, before it is attached to a lead. */
function commonColumns({ touches }: { touches?: SubmissionTouches }, now: number): CommonSubmissionColumns {
  // The submission's own touch is the visit's last.
  return { created_at: now, viewed: writeBoolean(false), lead_id: null, touch: touches?.last ? JSON.stringify(touches.last) : null };
}

type SurveyScoreRow = {
  id: number | string;
  lead_id: number | string;
  created_at: number | string;
  employee_count: number;
  device_count: number;
  phone_count: number;
  primary_internet_use: string;
  uses_streaming: boolean | number;
  has_public_wifi: boolean | number;
  interested_services: string;
};

/**
 * Writes `leads.score` from each lead's latest survey (src/server/leads/lead-qualification.ts),
 * for the leads named, or for every lead with a survey; a named lead without a survey gets
 * none. Plain SQL over columns that exist since 0008, so the migration `0013_lead_scores`
 * runs it as well as a change of the rules does. Returns how many leads got a score.
 */
export async function rescoreLeads<DB>(db: Kysely<DB>, leadIds?: readonly number[]): Promise<number> {
  const rows: SurveyScoreRow[] = [];
  const columns = sql.raw(
    "id, lead_id, created_at, employee_count, device_count, phone_count, primary_internet_use, uses_streaming, has_public_wifi, interested_services",
  );
  if (leadIds === undefined) {
    rows.push(...(await sql<SurveyScoreRow>`select ${columns} from survey_submissions where lead_id is not null`.execute(db)).rows);
  } else {
    for (const ids of idBatches(leadIds)) {
      rows.push(...(await sql<SurveyScoreRow>`select ${columns} from survey_submissions where lead_id in (${sql.join(ids)})`.execute(db)).rows);
    }
  }

  const surveysOfLead = new Map<number, SurveyScoreRow[]>();
  for (const row of rows) surveysOfLead.set(Number(row.lead_id), [...(surveysOfLead.get(Number(row.lead_id)) ?? []), row]);
  const leadsOfScore = new Map<number | null, number[]>();
  for (const lead of leadIds ?? []) if (!surveysOfLead.has(lead)) leadsOfScore.set(null, [...(leadsOfScore.get(null) ?? []), lead]);
  for (const [lead, surveys] of surveysOfLead) {
    const qualification = qualifyLatestSurvey(surveys.map(toQualifyingSurvey));
    const score = qualification?.score ?? null;
    leadsOfScore.set(score, [...(leadsOfScore.get(score) ?? []), lead]);
  }
  // One statement per score and chunk: at most 101 scores, so a few hundred statements for 100,000 leads.
  for (const [score, ids] of leadsOfScore) {
    for (const chunk of idBatches(ids)) await sql`update leads set score = ${score} where id in (${sql.join(chunk)})`.execute(db);
  }
  return surveysOfLead.size;
}

function toQualifyingSurvey(row: SurveyScoreRow) {
  return {
    id: Number(row.id),
    submittedAt: Number(row.created_at),
    employeeCount: Number(row.employee_count),
    deviceCount: Number(row.device_count),
    phoneCount: Number(row.phone_count),
    primaryInternetUse: row.primary_internet_use,
    usesStreaming: row.uses_streaming === true || row.uses_streaming === 1,
    hasPublicWifi: row.has_public_wifi === true || row.has_public_wifi === 1,
    interestedServices: parseList(row.interested_services),
  };
}
