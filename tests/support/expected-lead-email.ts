import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import type { MailConfig } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { buildLeadEmail } from "@/server/leads/lead-notifications";
import { SUBMISSION_TABLES, type SubmissionTable } from "@/server/leads/lead-kinds";
import type { OutboxMessage } from "@/server/mail/mail-outbox";

/**
 * The owner's e-mail a stored submission should have queued, built as `receiveLead` builds it
 * from the stored row's lead and time: a test compares the real payload with it, not a hand-made one.
 */
export async function expectedLeadEmail<Kind extends SubmissionKind>(kind: Kind, data: SubmissionData[Kind], mail: MailConfig, submissionId: number): Promise<OutboxMessage> {
  const db = await getDb();
  const table: SubmissionTable = SUBMISSION_TABLES[kind];
  const row = await db
    .selectFrom(table)
    .innerJoin("leads", "leads.id", `${table}.lead_id`)
    .select(["leads.id as leadId", "leads.first_channel as channel", `${table}.created_at as createdAt`])
    .where(`${table}.id`, "=", submissionId)
    .executeTakeFirstOrThrow();
  return buildLeadEmail(kind, data, mail, new Date(Number(row.createdAt)), { id: row.leadId, channel: row.channel });
}
