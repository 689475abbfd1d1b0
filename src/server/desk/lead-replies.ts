import type { Kysely } from "kysely";
import { site } from "@/content/site";
import type { LeadDetail, TimelineEntry } from "@/lib/lead-desk";
import { leadServiceLabel } from "@/lib/lead-services";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { fillReplySubject, fillReplyTemplate, type ReplyContext, type ReplyFields, type ReplyTemplateList } from "@/lib/reply-templates";
import type { LeadReply } from "@/lib/validation/reply-schemas";
import { mailConfig, mailReplyTo } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { enqueueOutboxMessage } from "@/server/mail/mail-outbox";
import { getReplyTemplate, listReplyTemplates } from "@/server/desk/reply-templates";
import { type Database, isRowId } from "@/server/db/schema";
import { buildReplyEmail } from "@/server/mail/reply-email";
import { answerLeadByEmail } from "@/server/leads/lead-changes";
import { getLeadDetail } from "./lead-detail";

/** Our own facts, as templates name them. */
const business = { owner: site.name, phone: site.phone.display };

/**
 * The values a template is filled with for one lead: its name, business and service,
 * the counts of its latest survey ("" for what it lacks), and our name and phone.
 */
export async function replyFieldsOf(executor: Kysely<Database>, lead: { id: number; name: string; business: string | null; service: string | null }): Promise<ReplyFields> {
  const survey = await executor
    .selectFrom("survey_submissions")
    .select(["employee_count", "device_count", "phone_count"])
    .where("lead_id", "=", lead.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    name: lead.name,
    business: lead.business ?? "",
    service: lead.service === null ? "" : leadServiceLabel(lead.service),
    employees: survey ? String(survey.employee_count) : "",
    devices: survey ? String(survey.device_count) : "",
    phones: survey ? String(survey.phone_count) : "",
    ...business,
  };
}

/** The example lead the templates screen previews with. */
const exampleFields: ReplyFields = {
  name: "Dana Whitfield",
  business: "Blue Heron Dental",
  service: leadServiceLabel("managed-internet"),
  employees: "12",
  devices: "40",
  phones: "6",
  ...business,
};

/** GET /api/admin/reply-templates. */
export async function replyTemplateList(): Promise<ReplyTemplateList> {
  return { templates: await listReplyTemplates(), mailEnabled: mailConfig() !== null, example: exampleFields };
}

/** GET /api/admin/leads/{id}/replies: the templates filled for the lead; undefined when there is no such lead. */
export async function replyContext(leadId: number): Promise<ReplyContext | undefined> {
  if (!isRowId(leadId)) return undefined;
  const db = await getDb();
  const lead = await db.selectFrom("leads").select(["id", "name", "business", "service", "email"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead) return undefined;
  const fields = await replyFieldsOf(db, lead);
  const templates = (await listReplyTemplates(db)).map((template) => ({
    ...template,
    subject: fillReplySubject(template.subject, fields),
    body: fillReplyTemplate(template.body, fields),
  }));
  return { to: lead.email, mailEnabled: mailConfig() !== null, fields, templates };
}

export type ReplyOutcome =
  | { status: "done"; entry: TimelineEntry; lead: LeadDetail; queued: boolean }
  | { status: "no-lead" | "no-template" | "no-email" | "mail-off" };

/**
 * POST /api/admin/leads/{id}/replies, in one transaction: the reply on the lead's
 * timeline (an `email` event) and, sent, its message in the outbox (kind `reply`, `ref_id`
 * the event) to the lead's e-mail with the owner's reply-to address. Sent or drafted, a
 * reply answers the lead: a New lead becomes Contacted and its speed to lead is set, as
 * for a logged call. The text goes as the owner wrote it: it is not filled again.
 */
export async function replyToLead(leadId: number, reply: LeadReply, now = Date.now(), audit?: AuditRecorder): Promise<ReplyOutcome> {
  if (!isRowId(leadId)) return { status: "no-lead" };
  const mail = mailConfig();
  const mode = reply.mode ?? (mail ? "send" : "draft");
  const db = await getDb();
  const written = await db.transaction().execute(async (trx): Promise<ReplyOutcome | { status: "written"; eventId: number; queued: boolean }> => {
    const lead = await trx.selectFrom("leads").select(["id", "email", "status", "first_response_at"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead) return { status: "no-lead" };
    const templateId = reply.templateId ?? null;
    if (templateId !== null && !(await getReplyTemplate(templateId, trx))) return { status: "no-template" };
    if (!lead.email) return { status: "no-email" };
    if (mode === "send" && !mail) return { status: "mail-off" };

    const delivery = mode === "send" ? "queued" : "drafted";
    const event = await trx
      .insertInto("lead_events")
      .values({ lead_id: leadId, type: "email", at: now, data: JSON.stringify({ subject: reply.subject, body: reply.body, templateId, delivery }) })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (mode === "send" && mail) {
      const message = buildReplyEmail({ to: lead.email, subject: reply.subject, body: reply.body }, { from: mail.from, replyTo: mailReplyTo() ?? mail.leadsTo });
      await enqueueOutboxMessage(trx, { kind: "reply", refId: event.id, leadId, message, now });
    }
    await answerLeadByEmail(trx, lead, now);
    await audit?.({ action: mode === "send" ? "lead.email_sent" : "lead.email_drafted", target: { kind: "lead", id: leadId }, detail: { templateId } }, trx);
    return { status: "written", eventId: event.id, queued: mode === "send" };
  });
  if (written.status !== "written") return written;
  const lead = await getLeadDetail(leadId, db);
  const entry = lead?.timeline.find((item) => item.id === `event-${written.eventId}`);
  // Erased between the commit and this read.
  if (!lead || !entry) return { status: "no-lead" };
  return { status: "done", entry, lead, queued: written.queued };
}
