import type { Kysely } from "kysely";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import { emailKey, phoneKey } from "@/server/desk/lead-identity";
import type { SubmissionTouches } from "@/server/leads/lead-touches";
import { queueLeadWebhook } from "@/server/webhook/lead-webhook";
import { type AttachedSubmission, attachSubmission, queueLeadNotification } from "./leads";
import { enqueueOutboxMessage, type NotificationAllowance, type OutboxMessage } from "./mail-outbox";
import { consumeRateLimit, releaseRateLimitHit } from "./rate-limits";
import { type Database, writeBoolean } from "./schema";

/** One validated submission of either kind, with its touches when the visit left any (src/server/leads/lead-touches.ts). */
export type Submission = { [Kind in SubmissionKind]: { kind: Kind; data: SubmissionData[Kind]; touches?: SubmissionTouches } }[SubmissionKind];

/** The e-mail that tells the owner about a submission, and the hourly allowance it is counted against. */
export type LeadNotification = { message: OutboxMessage; allowance?: NotificationAllowance };

/**
 * The e-mail that tells the visitor their submission arrived, the counter that keeps their
 * mailbox to one an hour and the site's hourly cap (src/server/leads/acknowledgement-allowance.ts).
 */
export type LeadAcknowledgement = { message: OutboxMessage; allowances: { mailbox: NotificationAllowance; site: NotificationAllowance } };

/**
 * Writes one submission through `trx`, the transaction of the request that brought it
 * (src/server/leads/receive-lead.ts): attached to its lead (leads.ts: joined by e-mail
 * or phone, or folded into an identical one from the last 10 minutes) and, when given,
 * its notification, so a lead is never kept without its e-mail or the reverse. Over the
 * allowance, the notification waits for the hourly digest; for a Spam lead it is held
 * until "Not spam". A submission that starts a lead queues the lead webhook too
 * (src/server/webhook/lead-webhook.ts). The honeypot field is never stored. The id is that of the folded
 * twin when the submission was folded.
 */
export async function storeSubmission(
  trx: Kysely<Database>,
  submission: Submission,
  now: number,
  notification?: LeadNotification,
  acknowledgement?: LeadAcknowledgement,
): Promise<{ id: number }> {
  const attached = await attachSubmission(trx, submission, now);
  if (notification) await queueLeadNotification(trx, attached, { kind: submission.kind, message: notification.message, now }, notification.allowance);
  if (acknowledgement) await queueAcknowledgement(trx, attached, acknowledgement, now);
  // A new lead (not one joined or folded) is announced to the webhook, when there is one.
  if (attached.created) await queueLeadWebhook(trx, attached.leadId, now);
  return { id: attached.submissionId };
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

/** The row a submission is stored as. */
export function submissionRowValues({ kind, data, touches }: Submission, now: number, leadId: number | null) {
  // The submission's own touch is the visit's last.
  const touch = touches?.last ? JSON.stringify(touches.last) : null;
  if (kind === "contact") {
    return {
      kind,
      values: {
        created_at: now,
        viewed: writeBoolean(false),
        lead_id: leadId,
        name: data.name,
        email: data.email,
        phone: data.phone,
        project_type: data.projectType,
        source: data.source ?? null,
        message: data.message,
        touch,
        email_key: emailKey(data.email),
        phone_key: phoneKey(data.phone),
      },
    } as const;
  }
  return {
    kind,
    values: {
      created_at: now,
      viewed: writeBoolean(false),
      lead_id: leadId,
      business_name: data.businessName,
      email: data.email,
      phone_number: data.phoneNumber,
      address: data.address,
      employee_count: data.employeeCount,
      device_count: data.deviceCount,
      primary_internet_use: data.primaryInternetUse,
      uses_streaming: writeBoolean(data.usesStreaming),
      has_public_wifi: writeBoolean(data.hasPublicWifi),
      phone_count: data.phoneCount,
      interested_services: JSON.stringify(data.interestedServices),
      additional_comments: data.additionalComments,
      touch,
      email_key: emailKey(data.email),
      phone_key: phoneKey(data.phoneNumber),
    },
  } as const;
}
