import type { Kysely } from "kysely";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import { enqueueOutboxMessage, type NotificationAllowance, type OutboxMessage } from "./mail-outbox";
import { type Database, writeBoolean } from "./schema";

/** One validated submission of either kind. */
export type Submission = { [Kind in SubmissionKind]: { kind: Kind; data: SubmissionData[Kind] } }[SubmissionKind];

/** The e-mail that tells the owner about a submission, and the hourly allowance it is counted against. */
export type LeadNotification = { message: OutboxMessage; allowance?: NotificationAllowance };

/**
 * Writes one submission through `trx`, the transaction of the request that brought it
 * (src/server/leads/receive-lead.ts): its row and, when given, its notification, so a
 * lead is never kept without its e-mail or the reverse. Over the allowance, the
 * notification waits for the hourly digest. The honeypot field is never stored.
 */
export async function storeSubmission(trx: Kysely<Database>, submission: Submission, now: number, notification?: LeadNotification): Promise<{ id: number }> {
  const row = await insertSubmissionRow(trx, submission, now).executeTakeFirstOrThrow();
  if (notification) {
    await enqueueOutboxMessage(trx, { kind: submission.kind, refId: row.id, message: notification.message, now }, notification.allowance);
  }
  return { id: row.id };
}

function insertSubmissionRow(trx: Kysely<Database>, { kind, data }: Submission, now: number) {
  if (kind === "contact") {
    return trx
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
  return trx
    .insertInto("survey_submissions")
    .values({
      created_at: now,
      viewed: writeBoolean(false),
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
    })
    .returning("id");
}
