import { UTF8_BOM, toCsv } from "@/lib/csv";
import { contactPresetLabels, isContactPreset, projectTypeLabel } from "@/lib/validation/project-types";
import { surveyServiceLabel } from "@/lib/validation/survey-services";
import {
  type ContactRequest,
  listContactRequests,
  markContactRequestViewed,
} from "@/server/db/contact-requests";
import {
  type SurveySubmission,
  listSurveySubmissions,
  markSurveySubmissionViewed,
} from "@/server/db/survey-submissions";
import { eraseSubmission } from "@/server/leads/erase-submission";

export function surveysCsv(rows: readonly SurveySubmission[]): string {
  return (
    UTF8_BOM +
    toCsv(
      ["id", "createdAt", "status", "businessName", "email", "phoneNumber", "address", "employeeCount", "deviceCount", "primaryInternetUse", "usesStreaming", "hasPublicWifi", "phoneCount", "interestedServices", "additionalComments"],
      rows.map((row) => [
        row.id,
        row.createdAt,
        row.viewed ? "Viewed" : "New",
        row.businessName,
        row.email,
        row.phoneNumber,
        row.address,
        row.employeeCount,
        row.deviceCount,
        row.primaryInternetUse,
        row.usesStreaming ? "yes" : "no",
        row.hasPublicWifi ? "yes" : "no",
        row.phoneCount,
        row.interestedServices.map(surveyServiceLabel).join("; "),
        row.additionalComments,
      ]),
    )
  );
}

export function contactsCsv(rows: readonly ContactRequest[]): string {
  return (
    UTF8_BOM +
    toCsv(
      ["id", "createdAt", "status", "name", "email", "phone", "projectType", "source", "message"],
      rows.map((row) => [
        row.id,
        row.createdAt,
        row.viewed ? "Viewed" : "New",
        row.name,
        row.email,
        row.phone,
        projectTypeLabel(row.projectType),
        row.source && isContactPreset(row.source) ? contactPresetLabels[row.source] : (row.source ?? ""),
        row.message,
      ]),
    )
  );
}

/** The two inboxes share one shape of API; this table says what differs. */
export const inboxes = {
  surveys: {
    list: listSurveySubmissions,
    markViewed: markSurveySubmissionViewed,
    remove: (id: number) => eraseSubmission({ kind: "survey", id }),
    exportCsv: async () => surveysCsv(await listSurveySubmissions()),
  },
  contacts: {
    list: listContactRequests,
    markViewed: markContactRequestViewed,
    remove: (id: number) => eraseSubmission({ kind: "contact", id }),
    exportCsv: async () => contactsCsv(await listContactRequests()),
  },
} as const;

export type InboxName = keyof typeof inboxes;
