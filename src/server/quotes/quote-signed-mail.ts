import type { Kysely } from "kysely";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import type { PublicQuote } from "@/lib/quotes/quote-types";
import { mailConfig, mailReplyTo } from "@/server/config";
import type { Database } from "@/server/db/schema";
import { enqueueOutboxMessage, type OutboxMessage } from "@/server/mail/mail-outbox";
import { escapeHtml } from "@/server/mail/escape-html";
import { type PdfSignature, renderQuotePdf } from "./quote-pdf";

/**
 * Queues the signed quote's PDF to the customer and to the owner, in the acceptance's
 * transaction (nothing without SMTP; the owner can download it from the desk).
 */
export async function queueSignedQuoteMail(trx: Kysely<Database>, entry: { quoteId: number; leadId: number; quote: PublicQuote; signature: PdfSignature; customerEmail: string | null; now: number }): Promise<void> {
  const mail = mailConfig();
  if (!mail) return;
  const pdf = await renderQuotePdf(entry.quote, entry.signature);
  const attachments = [{ filename: `${entry.quote.number}-signed.pdf`, contentType: "application/pdf", contentBase64: pdf.toString("base64") }];
  const message = (to: string, replyTo: string, lines: string[]): OutboxMessage => ({
    to,
    from: mail.from,
    replyTo,
    subject: `Signed quote ${entry.quote.number}: accepted by ${entry.signature.name}`,
    text: lines.join("\n"),
    html: lines.map((line) => (line === "" ? "" : `<p>${escapeHtml(line)}</p>`)).join("\n"),
    attachments,
  });
  const base = { kind: "quote" as const, refId: entry.quoteId, leadId: entry.leadId, now: entry.now };
  if (entry.customerEmail) {
    const lines = [`Hello ${entry.quote.customerName},`, "", `Thank you for accepting quote ${entry.quote.number}. The signed copy is attached.`, "We will call you to schedule the work.", "", `${site.name} · ${site.phone.display} · ${site.email}`];
    await enqueueOutboxMessage(trx, { ...base, message: message(entry.customerEmail, mailReplyTo() ?? mail.leadsTo, lines) });
  }
  const ownerLines = [`${entry.signature.name} accepted quote ${entry.quote.number} (${entry.signature.by === "owner" ? "recorded by phone" : "online"}).`, "The signed copy is attached.", "", `On the desk: ${site.url}${routes.adminLead(entry.leadId)}`];
  await enqueueOutboxMessage(trx, { ...base, message: message(mail.leadsTo, entry.customerEmail ?? mail.leadsTo, ownerLines) });
}
