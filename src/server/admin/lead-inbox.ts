import { UTF8_BOM, toCsv } from "@/lib/csv";
import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { listSubmissions } from "@/server/leads/stored-submissions";
import { fieldTexts, leadKinds, type StoredSubmission } from "@/server/leads/lead-kinds";

/** An inbox as CSV: id, time and status, then the kind's fields (src/server/leads/lead-kinds.ts). */
export function submissionsCsv<Kind extends SubmissionKind>(kind: Kind, rows: readonly StoredSubmission[Kind][]): string {
  const { form, csv } = leadKinds[kind];
  const header = ["id", "createdAt", "status", ...form.fields.map((field) => field.name)];
  const cells = rows.map((row) => [row.id, row.createdAt, row.viewed ? "Viewed" : "New", ...fieldTexts(form, row, csv.show).map((field) => field.value)]);
  return UTF8_BOM + toCsv(header, cells);
}

/** Each kind's inbox by the name its API paths use (/api/admin/surveys, /api/admin/contacts): one shape of API for every kind. */
export const INBOX_KINDS = { surveys: "survey", contacts: "contact" } as const satisfies Record<string, SubmissionKind>;

export type InboxName = keyof typeof INBOX_KINDS;

/** An inbox as a CSV file, newest first. */
export async function inboxCsv(kind: SubmissionKind): Promise<string> {
  return submissionsCsv(kind, await listSubmissions(kind));
}
