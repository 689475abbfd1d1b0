import type { LeadDetail } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import type { OutboxMessage } from "@/server/mail/mail-outbox";
import { isoFromMillis, isRowId } from "@/server/db/schema";
import { getLeadDetail } from "@/server/desk/lead-detail";

/** An e-mail the outbox still holds about the person: what it was, not its body. */
export type ExportedEmail = { kind: string; subject: string; to: string; createdAt: string; status: string; sentAt: string | null };

/** GET /api/admin/leads/{id}/export: everything the desk holds about one person. */
export type LeadExport = {
  exportedAt: string;
  /** The desk's view of the lead (its first and last touch included), with what the desk does not show. */
  lead: Omit<LeadDetail, "submissions" | "timeline"> & {
    service: string | null;
    address: string | null;
    wonAt: string | null;
    createdAt: string;
  };
  /** Every submission with all its fields and the visit's touch, newest first. */
  submissions: LeadDetail["submissions"];
  /** Submissions, status changes, notes, calls, follow-ups and openings, newest first. */
  timeline: LeadDetail["timeline"];
  emails: ExportedEmail[];
};

/** One consistent read (a transaction) of the lead, its submissions, timeline and e-mails; undefined when there is no such lead. */
export async function exportLead(leadId: number, now = Date.now()): Promise<LeadExport | undefined> {
  if (!isRowId(leadId)) return undefined;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const detail = await getLeadDetail(leadId, trx);
    if (!detail) return undefined;
    const [row, emails] = await Promise.all([
      trx.selectFrom("leads").select(["service", "address", "won_at", "created_at"]).where("id", "=", leadId).executeTakeFirstOrThrow(),
      trx
        .selectFrom("mail_outbox")
        .select(["kind", "payload", "created_at", "status", "sent_at"])
        .where((eb) =>
          eb.or([
            eb("lead_id", "=", leadId),
            // A digest that lists one of the person's submissions is about them too.
            eb("id", "in", eb.selectFrom("mail_outbox as held").select("held.digest_id").where("held.lead_id", "=", leadId).where("held.digest_id", "is not", null)),
          ]),
        )
        .orderBy("created_at")
        .orderBy("id")
        .execute(),
    ]);
    const { submissions, timeline, ...lead } = detail;
    return {
      exportedAt: isoFromMillis(now),
      lead: {
        ...lead,
        service: row.service,
        address: row.address,
        wonAt: row.won_at === null ? null : isoFromMillis(Number(row.won_at)),
        createdAt: isoFromMillis(Number(row.created_at)),
      },
      submissions,
      timeline,
      emails: emails.map((email) => {
        const message = parseJson(email.payload) as Partial<OutboxMessage> | null;
        return {
          kind: email.kind,
          subject: message?.subject ?? "",
          to: message?.to ?? "",
          createdAt: isoFromMillis(Number(email.created_at)),
          status: email.status,
          sentAt: email.sent_at === null ? null : isoFromMillis(Number(email.sent_at)),
        };
      }),
    };
  });
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
