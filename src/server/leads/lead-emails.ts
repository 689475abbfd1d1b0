import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import type { MailConfig } from "@/server/config";
import type { OutboxMessage } from "@/server/mail/mail-outbox";
import { fieldTexts, leadKinds } from "@/server/leads/lead-kinds";
import { escapeHtml, singleLine } from "@/server/mail/escape-html";

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
