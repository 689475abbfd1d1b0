import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { formatCents } from "@/lib/quotes/quote-totals";
import type { Quote } from "@/lib/quotes/quote-types";
import { escapeHtml } from "@/server/mail/escape-html";
import type { OutboxMessage } from "@/server/mail/mail-outbox";

export function quoteUrlOf(token: string): string {
  return `${site.url}${routes.quote(token)}`;
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => (line === "" ? "" : `<p>${escapeHtml(line)}</p>`)).join("\n");
}

function totalsLine(quote: Quote): string {
  return [quote.totals.oneTimeCents > 0 ? `${formatCents(quote.totals.oneTimeCents)} one-time` : "", quote.totals.monthlyCents > 0 ? `${formatCents(quote.totals.monthlyCents)} a month` : ""].filter(Boolean).join(" and ") || formatCents(0);
}

/** The e-mail that carries a quote's private link, and the same words for a `mailto:` draft when there is no SMTP. */
export function quoteEmail(quote: Quote, customerName: string, url: string): { subject: string; text: string; html: string } {
  const lines = [
    `Hello ${customerName},`,
    "",
    `Here is quote ${quote.number} from ${site.name}: ${totalsLine(quote)}.`,
    ...(quote.note ? ["", quote.note] : []),
    "",
    `See every line, choose the options you want and accept it online: ${url}`,
    `It can be accepted until the end of ${quote.validUntil} (New York time).`,
    "",
    `${site.name} · ${site.phone.display} · ${site.email}`,
  ];
  return { subject: `Quote ${quote.number} from ${site.name}`, text: lines.join("\n"), html: paragraphs(lines) };
}

export function quoteMessage(quote: Quote, customer: { name: string; email: string }, url: string, mail: { from: string; replyTo: string }): OutboxMessage {
  return { to: customer.email, from: mail.from, replyTo: mail.replyTo, ...quoteEmail(quote, customer.name, url) };
}

/** The owner's e-mail app, opened with the quote's e-mail written (no SMTP configured). */
export function quoteMailto(quote: Quote, customer: { name: string; email: string | null }, url: string): string {
  const { subject, text } = quoteEmail(quote, customer.name, url);
  return `mailto:${customer.email ? encodeURIComponent(customer.email) : ""}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
}
