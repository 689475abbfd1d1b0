import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { site } from "@/content/site";
import { leadServiceLabel } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import { type MailConfig, leadWebhookConfig, leadWebhookContactDetails, leadWebhookPerHour } from "@/server/config";
import type { Database } from "@/server/db/schema";
import { escapeHtml, flatText, singleLine } from "@/server/mail/escape-html";
import { enqueuePushes, enqueueWebhook, type OutboxMessage } from "@/server/mail/mail-outbox";
import { consumeRateLimit } from "@/server/rate-limits/rate-limits";
import { fieldTexts, leadKinds } from "./lead-kinds";

/*
 * Everything a new lead sends, queued in the outbox by the transaction that stores it: the
 * owner's e-mail and the visitor's acknowledgement (docs/lead-mail.md), the optional webhook
 * that tells a chat tool or the owner's script (docs/lead-qualification.md), and a push to
 * each of the owner's devices (docs/push.md). The outbox worker sends them with its retries
 * (src/server/mail/); the request that stores the lead never loads the senders.
 */

/** The JSON body posted for a new lead; `text` is what Slack-style chat tools show. */
export type LeadWebhookBody = {
  event: "lead.created";
  /** The same on every retry of one delivery: a receiver drops a repeat. */
  id: string;
  createdAt: string;
  text: string;
  lead: {
    id: number;
    name: string;
    business: string | null;
    email: string | null;
    phone: string | null;
    source: string;
    /** The service line's key (src/lib/lead-services.ts), null when none was named. */
    service: string | null;
    channel: string;
    url: string;
  };
};

/** The window LEAD_WEBHOOK_PER_HOUR counts in; the summary of the leads past it is posted when it ends. */
export const WEBHOOK_WINDOW_MS = 60 * 60 * 1000;

/** The body of the one post that stands for the leads past LEAD_WEBHOOK_PER_HOUR in an hour. */
export type LeadWebhookSummaryBody = { event: "leads.summary"; id: string; createdAt: string; text: string; count: number; url: string };

/**
 * Queues the webhook of a lead created by `trx`, when a webhook is configured; nothing
 * otherwise. The body is stored as it will be posted (no secret in it: the signature is
 * made at each attempt). Within LEAD_WEBHOOK_PER_HOUR (all instances together, one
 * counter in the rate-limit table) the lead gets a post of its own; past it, it is counted
 * in the hour's one summary post, queued for when the hour ends, so a flood of leads
 * cannot flood the owner's chat. Returns whether anything was queued or counted.
 */
export async function queueLeadWebhook(trx: Kysely<Database>, leadId: number, now: number, config = leadWebhookConfig()): Promise<boolean> {
  if (!config) return false;
  const hit = await consumeRateLimit(WEBHOOK_COUNTER, leadWebhookPerHour(), WEBHOOK_WINDOW_MS, now, trx);
  if (!hit.allowed) {
    await countInSummary(trx, now + hit.retryAfterSeconds * 1000, now);
    return true;
  }
  const body = await leadWebhookBody(trx, leadId, { id: randomUUID(), createdAt: new Date(now).toISOString() });
  await enqueueWebhook(trx, { leadId, body: JSON.stringify(body), now });
  return true;
}

const WEBHOOK_COUNTER = "lead-webhooks";

/** Adds one lead to the summary post due at `windowEnd`, queueing it with the first. */
async function countInSummary(trx: Kysely<Database>, windowEnd: number, now: number): Promise<void> {
  const pending = await trx
    .selectFrom("mail_outbox")
    .select(["id", "payload"])
    .where("kind", "=", "webhook")
    .where("lead_id", "is", null)
    .where("status", "=", "pending")
    .where("attempts", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const leadsUrl = `${site.url}${routes.adminLeads}`;
  const summary = (count: number, delivery: Pick<LeadWebhookSummaryBody, "id" | "createdAt">): LeadWebhookSummaryBody => ({
    event: "leads.summary",
    ...delivery,
    text: `${count} more new ${count === 1 ? "lead" : "leads"} in the last hour – ${leadsUrl}`,
    count,
    url: leadsUrl,
  });
  if (pending) {
    const body = JSON.parse(pending.payload) as LeadWebhookSummaryBody;
    await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(summary(body.count + 1, body)) }).where("id", "=", pending.id).execute();
    return;
  }
  const body = summary(1, { id: randomUUID(), createdAt: new Date(now).toISOString() });
  await enqueueWebhook(trx, { leadId: null, body: JSON.stringify(body), now, sendAt: windowEnd });
}

/**
 * Visitor text as a Slack-style incoming webhook shows it: no control characters or line
 * breaks (bidi controls and line separators included), and `&`, `<` and `>` escaped so
 * that `<!channel>` or `<https://evil.example|…>` is shown as typed, never as a ping or a link.
 */
export function chatText(value: string): string {
  return flatText(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Rewrites every stored webhook call of a lead (queued or sent) from what the lead holds
 * now, keeping each delivery's id and time: after one of its submissions is deleted, no
 * copy keeps the deleted submission's name, address or phone.
 */
export async function rewriteLeadWebhooks(trx: Kysely<Database>, leadId: number): Promise<void> {
  const calls = await trx.selectFrom("mail_outbox").select(["id", "payload"]).where("kind", "=", "webhook").where("lead_id", "=", leadId).execute();
  for (const call of calls) {
    const { id, createdAt } = JSON.parse(call.payload) as Pick<LeadWebhookBody, "id" | "createdAt">;
    const body = await leadWebhookBody(trx, leadId, { id, createdAt });
    await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(body) }).where("id", "=", call.id).execute();
  }
}

async function leadWebhookBody(trx: Kysely<Database>, leadId: number, delivery: Pick<LeadWebhookBody, "id" | "createdAt">): Promise<LeadWebhookBody> {
  const lead = await trx
    .selectFrom("leads")
    .select(["id", "name", "business", "email", "phone", "source", "service", "first_channel"])
    .where("id", "=", leadId)
    .executeTakeFirstOrThrow();
  const url = `${site.url}${routes.adminLead(lead.id)}`;
  const service = lead.service === null ? "" : ` (${leadServiceLabel(lead.service)})`;
  const via = lead.first_channel === "Unassigned" ? "via the website" : `via ${lead.first_channel}`;
  // The address and phone go to a chat tool only when the owner opted in: the link is enough.
  const contact = leadWebhookContactDetails();
  return {
    event: "lead.created",
    ...delivery,
    text: `New lead: ${chatText(`${lead.name}${service}, ${via}`)} – ${url}`,
    lead: {
      id: lead.id,
      name: flatText(lead.name),
      business: lead.business === null ? null : flatText(lead.business),
      email: contact ? lead.email : null,
      phone: contact ? lead.phone : null,
      source: lead.source,
      service: lead.service,
      channel: lead.first_channel,
      url,
    },
  };
}

/** Queues a push of the lead `leadId` to every device, through `trx`; returns how many (none when no device subscribed). */
export async function queueLeadPushes(trx: Kysely<Database>, leadId: number, now: number): Promise<number> {
  const devices = await trx.selectFrom("push_subscriptions").select("id").orderBy("id").execute();
  await enqueuePushes(trx, { leadId, subscriptionIds: devices.map((device) => device.id), now });
  return devices.length;
}

type Row = [label: string, value: string];

/** The link above the rows: what the e-mail is for, one tap away. */
type Link = { label: string; url: string };

function renderRows(title: string, rows: readonly Row[], footer: string, link: Link): { text: string; html: string } {
  const text = [title, "", `${link.label}: ${link.url}`, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", footer].join("\n");
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>` +
    `<p><a href="${escapeHtml(link.url)}" style="color:${site.themeColor};font-weight:600">${escapeHtml(link.label)}</a></p>` +
    `<table cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(footer)}</p></body></html>`;
  return { text, html };
}

const footer = `Sent by the ${site.name} website. Reply to this e-mail to answer the visitor.`;

/** The lead a notification is about, as stored with the submission: its id (for the link) and the channel it came from. */
export type NotifiedLead = { id: number; channel: string };

/** When a lead arrived, on the business's clock: "Sat, Nov 28, 2026, 9:07 AM EST". */
const receivedTime = new Intl.DateTimeFormat("en-US", {
  timeZone: site.hours.regular.timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/**
 * The e-mail that tells the owner about a new submission: the link to its lead in the desk
 * (SITE_URL/admin/leads/{id}), each field under its label, the channel the lead came from,
 * and the time on the business's clock (America/New_York).
 */
export function buildLeadEmail<Kind extends SubmissionKind>(kind: Kind, data: SubmissionData[Kind], mail: MailConfig, receivedAt: Date, lead: NotifiedLead): OutboxMessage {
  const { form, email } = leadKinds[kind];
  const rows: Row[] = [
    ...fieldTexts(form, data, email.show).map(({ label, value }): Row => [label, String(value)]),
    ["Channel", lead.channel],
    ["Received", receivedTime.format(receivedAt)],
  ];
  const { text, html } = renderRows(email.title, rows, footer, { label: "Open the lead in the desk", url: `${site.url}${routes.adminLead(lead.id)}` });
  return { to: mail.leadsTo, from: mail.from, replyTo: data.email, subject: singleLine(email.subject(data)), text, html };
}

/** The business hours as the contact page gives them. */
const hours = [site.hours.regular.weekdays, site.hours.regular.weekends];

/** A name the greeting may repeat: letters (and their accents), spaces, hyphens and apostrophes, at most 40 characters. */
const LOOKS_LIKE_A_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]{0,39}$/u;

/** "Hi Dana," for a name that looks like one, by its first word; else "Hello,". */
export function acknowledgementGreeting(name: string | null): string {
  const trimmed = name?.trim() ?? "";
  if (!LOOKS_LIKE_A_NAME.test(trimmed)) return "Hello,";
  return `Hi ${trimmed.split(/\s+/)[0]},`;
}

/**
 * The e-mail a visitor gets for a submission (docs/lead-mail.md): in the business's voice,
 * thanks, what happens next, the hours and the phone number, and what they chose from the
 * form's lists. Nothing they typed is repeated but a first name that looks like a name, so
 * a stranger's address on the form gets our words only. To the address the submission
 * gave, from MAIL_FROM, with answers going to the owner (`replyTo`).
 */
export function buildAcknowledgementEmail<Kind extends SubmissionKind>(
  kind: Kind,
  data: SubmissionData[Kind],
  mail: { from: string; replyTo: string },
): OutboxMessage {
  const { acknowledgement } = leadKinds[kind];
  const greeting = acknowledgementGreeting(acknowledgement.name(data));
  const chosen = acknowledgement.chosen(data);
  const thanks = `Thank you for contacting ${site.name}. This e-mail confirms that your request reached us.`;
  const about = chosen ? `You asked about: ${chosen}.` : null;
  const next = `What happens next: ${acknowledgement.next} If it is urgent, call us at ${site.phone.display}.`;
  const signature = [site.name, `${site.phone.display} · ${site.email}`, site.url];
  const why = `You are receiving this because this address was entered on a form at ${site.url}. If that was not you, reply to this e-mail and we will remove your details.`;
  const paragraphs = [greeting, thanks, ...(about ? [about] : []), next];

  const text = [...paragraphs.flatMap((paragraph) => [paragraph, ""]), "Our hours", ...hours, "", ...signature, "", why].join("\n");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("") +
    `<h2 style="font-size:16px;margin:20px 0 4px">Our hours</h2><p style="margin:0">${hours.map(escapeHtml).join("<br>")}</p>` +
    `<p style="margin-top:20px">${signature.map(escapeHtml).join("<br>")}</p>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(why)}</p></body></html>`;

  return {
    to: singleLine(data.email, 320),
    from: mail.from,
    replyTo: mail.replyTo,
    subject: singleLine(`${acknowledgement.subject} – ${site.name}`),
    text,
    html,
  };
}
