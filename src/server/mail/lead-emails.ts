import { site } from "@/content/site";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import { contactPresetLabels, projectTypeLabel } from "@/lib/validation/project-types";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { surveyServiceLabel } from "@/lib/validation/survey-services";
import type { MailConfig } from "@/server/config";
import type { OutboxMessage } from "@/server/db/mail-outbox";
import { escapeHtml, singleLine } from "./escape-html";

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

export function buildContactLeadEmail(data: ContactRequestData, mail: MailConfig, receivedAt: Date): OutboxMessage {
  const rows: Row[] = [
    ["Name", data.name],
    ["Email", data.email],
    ["Phone", data.phone],
    ["Project type", projectTypeLabel(data.projectType)],
    ["Came from", data.source ? `${contactPresetLabels[data.source]} (?service=${data.source})` : "Contact page"],
    ["Message", data.message],
    ["Received", receivedAt.toISOString()],
  ];
  const { text, html } = renderRows("New contact request", rows, footer);
  return {
    to: mail.leadsTo,
    from: mail.from,
    replyTo: data.email,
    subject: singleLine(`New contact request: ${data.name} (${projectTypeLabel(data.projectType)})`),
    text,
    html,
  };
}

export function buildSurveyLeadEmail(data: SurveyData, mail: MailConfig, receivedAt: Date): OutboxMessage {
  const yesNo = (value: boolean) => (value ? "Yes" : "No");
  const rows: Row[] = [
    ["Business name", data.businessName],
    ["Email", data.email],
    ["Phone number", data.phoneNumber],
    ["Address", data.address],
    ["Employees", String(data.employeeCount)],
    ["Devices", String(data.deviceCount)],
    ["Primary internet use", data.primaryInternetUse],
    ["Uses streaming", yesNo(data.usesStreaming)],
    ["Offers public WiFi", yesNo(data.hasPublicWifi)],
    ["Phones", String(data.phoneCount)],
    ["Interested services", data.interestedServices.length ? data.interestedServices.map(surveyServiceLabel).join(", ") : "None selected"],
    ["Additional comments", data.additionalComments || "None provided"],
    ["Received", receivedAt.toISOString()],
  ];
  const { text, html } = renderRows("New connectivity survey", rows, footer);
  return {
    to: mail.leadsTo,
    from: mail.from,
    replyTo: data.email,
    subject: singleLine(`New connectivity survey: ${data.businessName}`),
    text,
    html,
  };
}
