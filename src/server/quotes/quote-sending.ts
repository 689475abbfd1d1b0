import type { Quote } from "@/lib/quotes/quote-types";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { mailConfig, mailReplyTo } from "@/server/config";
import { getDb } from "@/server/db/connection";
import { enqueueOutboxMessage } from "@/server/mail/mail-outbox";
import { LOCKED, withLockedQuote } from "./quote-changes";
import { quoteMailto, quoteMessage, quoteUrlOf } from "./quote-emails";
import { moveLeadForQuote } from "@/server/leads/lead-changes";
import { addQuoteEvent } from "./quote-lead";
import { displayNumber } from "./quote-number";
import { effectiveStatus, loadQuote } from "./quote-store";
import { hashQuoteToken, newQuoteToken } from "./quote-token";

/** `queued`: in the outbox to the customer; `link`: no SMTP or no e-mail address, the owner sends `url` (or `mailto`) themselves. */
export type QuoteDelivery = "queued" | "link";
export type SendOutcome = { status: "sent"; quote: Quote; url: string; delivery: QuoteDelivery; mailto: string } | { status: "not-found" } | { status: "refused"; message: string; quote: Quote };

/**
 * POST /api/admin/quotes/{id}/send: a new private link (only its hash kept; sending again
 * makes a new one and the old stops working), the e-mail through the outbox in the same
 * transaction, the lead moved to Quoted, and "Quote Q-… sent" on its timeline.
 */
export async function sendQuote(id: number, now = Date.now(), audit?: AuditRecorder): Promise<SendOutcome> {
  const token = newQuoteToken();
  const url = quoteUrlOf(token);
  const outcome = await withLockedQuote(id, now, async (trx, row) => {
    const status = effectiveStatus(row, now);
    if (status === "accepted") return { refused: LOCKED };
    if (status === "replaced") return { refused: "This quote was replaced: send the newest version." };
    if (status === "declined") return { refused: "The customer declined this quote: revise it to send a new version." };
    if (status === "expired") return { refused: "This quote has expired: revise it to send a new version with a new date." };
    if (now >= Number(row.expires_at)) return { refused: "Its last day has passed: set a later valid-until date first." };
    await trx.updateTable("quotes").set({ status: "sent", token_hash: hashQuoteToken(token), sent_at: now }).where("id", "=", id).execute();
    const lead = await trx.selectFrom("leads").select(["name", "email"]).where("id", "=", row.lead_id).executeTakeFirstOrThrow();
    const quote = (await loadQuote(trx, id, now))!;
    const mail = mailConfig();
    let delivery: QuoteDelivery = "link";
    if (mail && lead.email) {
      await enqueueOutboxMessage(trx, { kind: "quote", refId: id, leadId: Number(row.lead_id), now, message: quoteMessage(quote, { name: lead.name, email: lead.email }, url, { from: mail.from, replyTo: mailReplyTo() ?? mail.leadsTo }) });
      delivery = "queued";
    }
    await moveLeadForQuote(trx, Number(row.lead_id), now, { to: "quoted" });
    await addQuoteEvent(trx, Number(row.lead_id), now, { quoteId: id, number: displayNumber(row.number, row.revision), action: "sent" });
    await audit?.({ action: "quote.sent", target: { kind: "quote", id }, detail: { delivery } }, trx);
    return { delivery, mailto: quoteMailto(quote, lead, url) };
  });
  if (outcome === undefined) return { status: "not-found" };
  const quote = (await loadQuote(await getDb(), id, now))!;
  if ("refused" in outcome) return { status: "refused", message: outcome.refused!, quote };
  return { status: "sent", quote, url, delivery: outcome.delivery, mailto: outcome.mailto };
}
