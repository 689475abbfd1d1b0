import { UTF8_BOM, toCsv } from "@/lib/csv";
import type { SubmissionKind } from "@/lib/validation/submission-forms";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { listSubmissions, markSubmissionViewed } from "@/server/leads/stored-submissions";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { fieldTexts, leadKinds, type StoredSubmission } from "@/server/leads/lead-kinds";

/** An inbox as CSV: id, time and status, then the kind's fields (src/server/leads/lead-kinds.ts). */
export function submissionsCsv<Kind extends SubmissionKind>(kind: Kind, rows: readonly StoredSubmission[Kind][]): string {
  const { form, csv } = leadKinds[kind];
  const header = ["id", "createdAt", "status", ...form.fields.map((field) => field.name)];
  const cells = rows.map((row) => [row.id, row.createdAt, row.viewed ? "Viewed" : "New", ...fieldTexts(form, row, csv.show).map((field) => field.value)]);
  return UTF8_BOM + toCsv(header, cells);
}

/** The two inboxes share one shape of API; this table says what differs. */
export const inboxes = {
  surveys: {
    list: () => listSubmissions("survey"),
    markViewed: (id: number) => markSubmissionViewed("survey", id),
    remove: (id: number, audit?: AuditRecorder) => eraseSubmission({ kind: "survey", id }, audit),
    exportCsv: async () => submissionsCsv("survey", await listSubmissions("survey")),
  },
  contacts: {
    list: () => listSubmissions("contact"),
    markViewed: (id: number) => markSubmissionViewed("contact", id),
    remove: (id: number, audit?: AuditRecorder) => eraseSubmission({ kind: "contact", id }, audit),
    exportCsv: async () => submissionsCsv("contact", await listSubmissions("contact")),
  },
} as const;

export type InboxName = keyof typeof inboxes;
