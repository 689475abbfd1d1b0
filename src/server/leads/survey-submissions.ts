import type { Selectable } from "kysely";
import type { SurveySubmission } from "@/lib/inbox-records";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { getDb } from "@/server/db/connection";
import { countUnviewedInboxRows, markInboxRowViewed, notFromSpamLead } from "./inbox-rows";
import { storeSubmission } from "./lead-store";
import type { NotificationAllowance, OutboxMessage } from "@/server/mail/mail-outbox";
import { isoFromMillis, isRowId, readBoolean, type SurveySubmissionsTable } from "@/server/db/schema";

export type { SurveySubmission };

/**
 * Stores a survey and, when `outbox` is given, its notification e-mail in one
 * transaction: what a submission stores (src/server/leads/receive-lead.ts), without its
 * rate limit and honeypot, for tests and tools that start from stored leads.
 */
export async function insertSurveySubmission(
  data: SurveyData,
  options: { outbox?: OutboxMessage; allowance?: NotificationAllowance } = {},
): Promise<{ id: number; createdAt: string }> {
  const db = await getDb();
  const now = Date.now();
  const notification = options.outbox && { message: options.outbox, allowance: options.allowance };
  const { id } = await db.transaction().execute((trx) => storeSubmission(trx, { kind: "survey", data }, now, notification));
  return { id, createdAt: isoFromMillis(now) };
}

/** Newest first, Spam leads' submissions left out (inbox-rows.ts); submissions stored in the same millisecond keep their insertion order (by id). */
export async function listSurveySubmissions(): Promise<SurveySubmission[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("survey_submissions")
    .selectAll()
    .where(notFromSpamLead("survey_submissions"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
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
