import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { formatQuoteDate, quoteStatusLabels } from "@/lib/quotes/quote-labels";
import type { QuoteLineInput } from "@/lib/quotes/quote-schema";
import { formatCents } from "@/lib/quotes/quote-totals";
import type { Quote } from "@/lib/quotes/quote-types";
import { type DraftLine, draftLineOf, linesOf, QuoteBuilder } from "./quote-builder";

type Sent = { quoteId: number; url: string; delivery: "queued" | "link"; mailto: string };

function errorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? (error.json()?.error ?? error.message) : "Could not reach the site. Try again.";
}

/**
 * A lead's quotes on its card (docs/quotes.md): build one from the catalogue, typed lines or the
 * survey's package; send it (e-mailed, or a link to copy and a mailto: without SMTP); revise a
 * sent one; record a yes given on the phone; open its PDF.
 */
export function LeadQuotes({ leadId, quotes, hasSurvey }: { leadId: number; quotes: Quote[]; hasSurvey: boolean }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftLine[] | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [phoneFor, setPhoneFor] = useState<number | null>(null);
  const [phoneName, setPhoneName] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: [adminApi.lead(leadId)] });
  const act = useMutation({
    mutationFn: async (step: { url: string; body?: unknown; then?: (answer: unknown) => void }) => {
      const answer: unknown = await (await apiRequest("POST", step.url, step.body)).json();
      step.then?.(answer);
    },
    onSettled: refresh,
  });
  const prefill = useMutation({
    mutationFn: async () => ((await (await fetch(adminApi.leadQuoteDraft(leadId), { credentials: "include" })).json()) as { lines: QuoteLineInput[] }).lines,
    onSuccess: (lines) => setDraft(lines.map(draftLineOf)),
  });
  const lines = draft ? linesOf(draft) : null;
  const failure = errorText(act.error);
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="lead-quotes">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <FileText aria-hidden="true" className="size-5 text-brand-700" /> Quotes
      </h2>
      {quotes.length > 0 && (
        <ul className="grid gap-3">
          {quotes.map((quote) => (
            <li key={quote.id} className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0" data-testid="lead-quote">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{quote.number}</span>
                <span className="text-sm text-slate-700" data-testid="lead-quote-status">
                  {quoteStatusLabels[quote.status]}
                  {quote.status === "accepted" && quote.acceptedName ? ` by ${quote.acceptedName}${quote.acceptedBy === "owner" ? " (by phone)" : ""}` : ""}
                </span>
              </div>
              <p className="text-sm text-slate-700">
                {formatCents(quote.totals.oneTimeCents)} one-time · {formatCents(quote.totals.monthlyCents)}/month · valid until {formatQuoteDate(quote.validUntil)}
              </p>
              <div className="flex flex-wrap gap-2">
                {(quote.status === "draft" || quote.status === "sent" || quote.status === "viewed") && (
                  <Button size="sm" disabled={act.isPending} onClick={() => act.mutate({ url: adminApi.quoteSend(quote.id), then: (answer) => setSent({ quoteId: quote.id, ...(answer as Omit<Sent, "quoteId">) }) })}>
                    {quote.status === "draft" ? "Send" : "Send again"}
                  </Button>
                )}
                {["sent", "viewed", "declined", "expired"].includes(quote.status) && (
                  <>
                    <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate({ url: adminApi.quoteRevise(quote.id) })}>
                      Revise
                    </Button>
                    <Button size="sm" variant="outline" aria-expanded={phoneFor === quote.id} onClick={() => setPhoneFor(phoneFor === quote.id ? null : quote.id)}>
                      Accepted by phone
                    </Button>
                  </>
                )}
                <a href={adminApi.quotePdf(quote.id)} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2">
                  PDF<span className="sr-only"> of {quote.number}</span>
                </a>
              </div>
              {phoneFor === quote.id && (
                <form
                  className="grid gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    act.mutate({ url: adminApi.quoteAcceptByPhone(quote.id), body: { name: phoneName, optionalLineIds: quote.lines.filter((line) => line.optional && line.selected).map((line) => line.id) }, then: () => setPhoneFor(null) });
                  }}
                >
                  <label className="grid gap-1 text-sm font-medium text-slate-800">
                    The customer's name, as they said yes
                    <input className={inputClass} value={phoneName} onChange={(event) => setPhoneName(event.target.value)} />
                  </label>
                  <Button type="submit" size="sm" disabled={act.isPending || phoneName.trim().length < 2}>
                    Record the acceptance
                  </Button>
                </form>
              )}
              {sent?.quoteId === quote.id && (
                <div className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm" role="status" data-testid="quote-sent">
                  <p>{sent.delivery === "queued" ? "E-mailed to the customer. Their private link:" : "No e-mail was sent (no SMTP or no address): send the customer this private link."}</p>
                  <input className={inputClass} readOnly value={sent.url} aria-label="Private link" onFocus={(event) => event.currentTarget.select()} />
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(sent.url)}>
                      Copy link
                    </Button>
                    <a href={sent.mailto} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
                      Open in my e-mail app
                    </a>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      {draft ? (
        <div className="grid gap-3 border-t border-border pt-3">
          <h3 className="font-semibold text-slate-900">New quote</h3>
          <QuoteBuilder lines={draft} onChange={setDraft} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={!lines || act.isPending} onClick={() => lines && act.mutate({ url: adminApi.leadQuotes(leadId), body: { lines }, then: () => setDraft(null) })}>
              Save draft
            </Button>
            <Button variant="outline" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDraft([])}>
            New quote
          </Button>
          {hasSurvey && (
            <Button variant="outline" disabled={prefill.isPending} onClick={() => prefill.mutate()}>
              New quote from the survey
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
