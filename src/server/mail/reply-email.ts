import type { OutboxMessage } from "@/server/mail/mail-outbox";
import { escapeHtml, singleLine } from "./escape-html";
import { REPLY_SUBJECT_MAX } from "@/lib/reply-templates";

/**
 * The owner's reply to a lead, as written in the desk: the text as it is, and an HTML
 * part of the same text (escaped, paragraphs at blank lines, line breaks kept). From
 * MAIL_FROM, answers to the owner (`replyTo`).
 */
export function buildReplyEmail(reply: { to: string; subject: string; body: string }, mail: { from: string; replyTo: string }): OutboxMessage {
  const paragraphs = reply.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return {
    to: singleLine(reply.to, 320),
    from: mail.from,
    replyTo: mail.replyTo,
    subject: singleLine(reply.subject, REPLY_SUBJECT_MAX),
    text: reply.body,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">${paragraphs}</body></html>`,
  };
}
