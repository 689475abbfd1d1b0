import { site } from "@/content/site";
import type { SubmissionData, SubmissionKind } from "@/lib/validation/submission-forms";
import type { MailConfig } from "@/server/config";
import type { OutboxMessage } from "@/server/mail/mail-outbox";
import { fieldTexts, leadKinds } from "@/server/leads/lead-kinds";
import { escapeHtml, singleLine } from "@/server/mail/escape-html";

type Row = [label: string, value: string];

function renderRows(title: string, rows: readonly Row[], footer: string): { text: string; html: string } {
  const text = [title, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", footer].join("\n");
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1><table cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(footer)}</p></body></html>`;
  return { text, html };
}

const footer = `Sent by the ${site.name} website. Reply to this e-mail to answer the visitor.`;

/** The e-mail that tells the owner about a new submission: each field under its label, then the time. */
export function buildLeadEmail<Kind extends SubmissionKind>(kind: Kind, data: SubmissionData[Kind], mail: MailConfig, receivedAt: Date): OutboxMessage {
  const { form, email } = leadKinds[kind];
  const rows: Row[] = [...fieldTexts(form, data, email.show).map(({ label, value }): Row => [label, String(value)]), ["Received", receivedAt.toISOString()]];
  const { text, html } = renderRows(email.title, rows, footer);
  return { to: mail.leadsTo, from: mail.from, replyTo: data.email, subject: singleLine(email.subject(data)), text, html };
}
