import type { Kysely, Selectable } from "kysely";
import type { SurveySubmission } from "@/lib/inbox-records";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { getDb } from "./connection";
import { countUnviewedInboxRows, deleteInboxRow, markInboxRowViewed } from "./inbox-rows";
import { attachSubmission, queueLeadNotification } from "./leads";
import type { NotificationAllowance, OutboxMessage } from "./mail-outbox";
import { type Database, isoFromMillis, isRowId, readBoolean, type SurveySubmissionsTable, writeBoolean } from "./schema";

export type { SurveySubmission };

/**
 * Stores a survey and, when `outbox` is given, its notification e-mail in the same
 * transaction, counted against `allowance` when one is given (over it, the notification
 * waits for the digest). The honeypot field is never stored.
 */
export async function insertSurveySubmission(
  data: SurveyData,
  options: { outbox?: OutboxMessage; allowance?: NotificationAllowance } = {},
): Promise<{ id: number; createdAt: string }> {
  const db = await getDb();
  const now = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const attached = await attachSubmission(trx, { kind: "survey", data }, now);
    if (options.outbox) await queueLeadNotification(trx, attached, { kind: "survey", message: options.outbox, now }, options.allowance);
    return attached.submissionId;
  });
  return { id, createdAt: isoFromMillis(now) };
}

/** The row insert of `insertSurveySubmission`, for the SQLite group commit (lead-submissions.ts). */
export function surveySubmissionInsert(executor: Kysely<Database>, data: SurveyData, now: number, leadId: number | null = null) {
  return executor.insertInto("survey_submissions").values(surveySubmissionValues(data, now, leadId)).returning("id");
}

/** The row a submission is stored as; the leads' folding compares a new one with recent rows by it. */
export function surveySubmissionValues(data: SurveyData, now: number, leadId: number | null) {
  return {
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
  };
}

/** Newest first; submissions stored in the same millisecond keep their insertion order (by id). */
export async function listSurveySubmissions(): Promise<SurveySubmission[]> {
  const db = await getDb();
  const rows = await db.selectFrom("survey_submissions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toSurveySubmission);
}

export async function getSurveySubmission(id: number): Promise<SurveySubmission | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  const row = await db.selectFrom("survey_submissions").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toSurveySubmission(row);
}

export function markSurveySubmissionViewed(id: number): Promise<boolean> {
  return markInboxRowViewed("survey_submissions", id);
}

export function deleteSurveySubmission(id: number): Promise<boolean> {
  return deleteInboxRow("survey_submissions", id);
}

export function countNewSurveySubmissions(): Promise<number> {
  return countUnviewedInboxRows("survey_submissions");
}

export function toSurveySubmission(row: Selectable<SurveySubmissionsTable>): SurveySubmission {
  return {
    id: row.id,
    createdAt: isoFromMillis(row.created_at),
    viewed: readBoolean(row.viewed),
    businessName: row.business_name,
    email: row.email,
    phoneNumber: row.phone_number,
    address: row.address,
    employeeCount: row.employee_count,
    deviceCount: row.device_count,
    primaryInternetUse: row.primary_internet_use,
    usesStreaming: readBoolean(row.uses_streaming),
    hasPublicWifi: readBoolean(row.has_public_wifi),
    phoneCount: row.phone_count,
    interestedServices: parseServiceList(row.interested_services),
    additionalComments: row.additional_comments,
  };
}

/** A damaged cell must not take the whole admin list down with it. */
function parseServiceList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
