import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import { durationInWords } from "@/lib/lead-desk-labels";
import { formatCents } from "@/lib/quotes/quote-totals";
import { QUOTE_EXPIRY_WARNING_DAYS, type QuoteToChase } from "@/lib/quotes/quote-types";
import { routes } from "@/lib/routes";
import { secondsSince } from "../desk/desk-time";

/** "Expires tonight", "Expires tomorrow", "Expires in 3 days": counted in the business's days. */
function expiryWords(daysLeft: number): string {
  if (daysLeft <= 0) return "Expires tonight";
  if (daysLeft === 1) return "Expires tomorrow";
  return `Expires in ${daysLeft} days`;
}

/**
 * Today's quotes to chase: the ones the customer has opened (they are thinking about it now)
 * and the ones whose last days are running out. Hidden while there is none.
 */
export function TodayQuotes({ now }: { now: number }) {
  const quotes = useQuery<{ items: QuoteToChase[] }>({ queryKey: [adminApi.todayQuotes] });
  const items = quotes.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="today-quotes">
      <h2 id="today-quotes" className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <FileText aria-hidden="true" className="size-5 text-brand-700" /> Quotes to chase
        <span className="rounded-full bg-slate-100 px-2 text-sm font-semibold text-slate-700">{items.length}</span>
      </h2>
      <Card className="p-2 sm:p-4">
        <ul className="divide-y divide-border" data-testid="today-quotes">
          {items.map((quote) => (
            <li key={quote.quoteId}>
              <a href={routes.adminLead(quote.leadId)} className="flex min-h-11 flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md px-2 py-2 hover:bg-muted">
                <span className="font-medium text-brand-800 underline">
                  {quote.name} · {quote.number}
                </span>
                <span className="text-sm text-slate-700">
                  {formatCents(quote.oneTimeCents)}
                  {quote.monthlyCents > 0 && ` + ${formatCents(quote.monthlyCents)}/mo`}
                </span>
                <span className="flex w-full flex-wrap gap-2 text-sm">
                  {quote.viewedAt && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900">Quote viewed {durationInWords(secondsSince(quote.viewedAt, now))} ago</span>
                  )}
                  {quote.daysLeft <= QUOTE_EXPIRY_WARNING_DAYS && <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-950">{expiryWords(quote.daysLeft)}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
