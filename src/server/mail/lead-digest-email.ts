import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import type { SubmissionKind } from "@/lib/lead-desk";
import type { MailConfig } from "@/server/config";
import { escapeHtml, singleLine } from "./escape-html";
import type { DueDigest, HeldNotification, OutboxMessage } from "./mail-outbox";

/** A digest lists this many leads in full; the rest are counted, and all are in the back office. */
export const DIGEST_LIST_MAX = 200;

type DigestLine = { received: string; type: string; name: string; email: string; service: string; inbox: string };

/** What each kind of lead is called in the digest, and the inbox that lists it. */
const digestKinds: { readonly [Kind in SubmissionKind]: { type: string; inbox: string } } = {
  contact: { type: "Contact request", inbox: routes.adminContacts },
  survey: { type: "Connectivity survey", inbox: routes.adminSurveys },
};

function digestLine(held: HeldNotification): DigestLine {
  const { type, inbox } = digestKinds[held.kind];
  return { received: new Date(held.receivedAt).toISOString(), type, ...held.lead, inbox: `${site.url}${inbox}` };
}

/**
 * The one e-mail for the leads that came in past LEAD_EMAILS_PER_HOUR in an hour: each
 * with its time, type, name, e-mail, service and a link to its inbox in the back office.
 */
export function buildLeadDigestEmail(digest: DueDigest, mail: Pick<MailConfig, "from" | "leadsTo">, perHour: number): OutboxMessage {
  const lines = digest.listed.map(digestLine);
  const unlisted = digest.total - lines.length;
  const leads = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "lead" : "leads"}`;
  const title = `${leads(digest.total)} in one e-mail`;
  const intro =
    `More than ${perHour.toLocaleString("en-US")} leads came in within an hour, so the website collected these ${leads(digest.total)} ` +
    "here instead of sending one e-mail each. Every one is stored in the back office.";
  const more = unlisted > 0 ? `…and ${leads(unlisted)} more, listed in the back office.` : "";
  const footerText = `Sent by the ${site.name} website. Set LEAD_EMAILS_PER_HOUR to change how many leads are e-mailed one by one.`;

  const text = [
    title,
    "",
    intro,
    "",
    ...lines.flatMap((line) => [`${line.received}  ${line.type}`, `  ${line.name} <${line.email}>`, `  ${line.service}`, `  ${line.inbox}`, ""]),
    ...(more ? [more, ""] : []),
    footerText,
  ].join("\n");

  const cell = (value: string) => `<td valign="top" style="padding:6px 12px 6px 0;border-top:1px solid #e2e8f0">${escapeHtml(value)}</td>`;
  const rows = lines
    .map(
      (line) =>
        `<tr>${cell(line.received)}${cell(line.type)}${cell(line.name)}${cell(line.email)}${cell(line.service)}` +
        `<td valign="top" style="padding:6px 0;border-top:1px solid #e2e8f0"><a href="${escapeHtml(line.inbox)}">Open inbox</a></td></tr>`,
    )
    .join("");
  const heading = ["Received (UTC)", "Type", "Name", "E-mail", "Service", ""]
    .map((label) => `<th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th>`)
    .join("");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>` +
    `<table cellspacing="0" cellpadding="0"><tr>${heading}</tr>${rows}</table>` +
    (more ? `<p>${escapeHtml(more)}</p>` : "") +
    `<p style="color:#475569;font-size:13px">${escapeHtml(footerText)}</p></body></html>`;

  return { to: mail.leadsTo, from: mail.from, subject: singleLine(`Lead digest: ${leads(digest.total)} past the hourly e-mail limit`), text, html };
}
