import { FileDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormOutcome } from "@/components/ui/form-outcome";
import { FormField, inputClass } from "@/components/ui/form-field";
import { site } from "@/content/site";
import { formatCents, formatTaxRate, type QuoteTotals } from "@/lib/quotes/quote-totals";
import { QUOTE_CONSENT_TEXT, type PublicQuote } from "@/lib/quotes/quote-types";
import { formatQuoteDate } from "@/lib/quotes/quote-labels";

const ACCEPT_FORM = "quote-accept";

type Props = {
  quote: PublicQuote;
  state: "open" | "expired" | "accepted" | "declined" | "replaced";
  ticked: number[];
  totals: QuoteTotals;
  notice?: string;
  error?: string;
  fields: Record<string, string>;
  name: string;
  replacedBy: string | null;
  /** Where the newest version is shown (the old link with ?latest=1), when one was sent. */
  newerHref: string | null;
  /** The form posts here (keeps ?latest=1 when the old link stands for the newest version). */
  action: string;
  /** The customer's PDF of this version (signed once accepted); none for a replaced one. */
  pdfHref: string | null;
};

function Money({ cents, name }: { cents: number; name?: keyof QuoteTotals }) {
  return <span data-total={name}>{formatCents(cents)}</span>;
}

/**
 * The customer's quote, made for a phone first: every line in full (the description wraps,
 * nothing is cut), one-time and monthly totals apart, the terms BEFORE the acceptance form.
 * Optional lines are checkboxes of the acceptance form; "Update totals" posts it back to
 * recompute without JavaScript, and with JavaScript the totals follow each tick at once.
 */
export function QuoteView({ quote, state, ticked, totals, notice, error, fields, name, replacedBy, newerHref, action, pdfHref }: Props) {
  const open = state === "open";
  const hasOptions = quote.lines.some((line) => line.optional);
  const chosen = new Set(ticked);
  return (
    <div className="grid gap-6" data-testid="quote">
      <FormOutcome
        notice={notice}
        error={error}
        errorAction={
          state === "expired" && (
            <a href={site.phone.href} className="font-medium underline">
              Call {site.phone.display}
            </a>
          )
        }
      />
      {state === "replaced" && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          This quote was replaced by {replacedBy ?? "a newer version"}.{" "}
          {newerHref ? (
            <a href={newerHref} className="font-medium underline">
              See {replacedBy}
            </a>
          ) : (
            <>
              We will send it to you shortly, or call <a href={site.phone.href} className="font-medium underline">{site.phone.display}</a>.
            </>
          )}
        </p>
      )}
      {state === "declined" && !notice && <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">You declined this quote. Changed your mind? Call <a href={site.phone.href} className="font-medium underline">{site.phone.display}</a>.</p>}
      {state === "accepted" && quote.acceptedName && quote.acceptedAt && (
        <p className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900" data-testid="quote-accepted">
          Accepted by {quote.acceptedName} on {new Date(quote.acceptedAt).toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "long", timeStyle: "short" })} (New York time).
        </p>
      )}

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-medium">Quote</dt>
        <dd data-testid="quote-number">{quote.number}</dd>
        <dt className="font-medium">For</dt>
        <dd className="break-words">{quote.customerName}</dd>
        <dt className="font-medium">Valid until</dt>
        <dd>the end of {formatQuoteDate(quote.validUntil)} (New York time)</dd>
      </dl>
      {pdfHref && (
        <a href={pdfHref} download className="inline-flex min-h-11 items-center gap-2 justify-self-start font-medium text-brand-800 underline">
          <FileDown aria-hidden="true" className="size-5" />
          {state === "accepted" ? "Download the signed quote (PDF)" : "Download this quote (PDF)"}
        </a>
      )}

      {quote.note && <p className="whitespace-pre-line break-words text-slate-800">{quote.note}</p>}

      <section aria-labelledby="quote-lines">
        <h2 id="quote-lines" className="mb-2 text-lg font-semibold text-slate-900">
          What is included
        </h2>
        <ul className="grid gap-3" data-testid="quote-lines">
          {quote.lines.map((line) => (
            <li key={line.id} className="rounded-lg border border-slate-200 p-3" data-line={line.id}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="min-w-0 flex-1 break-words font-medium text-slate-900">
                  {line.description}
                  {line.optional && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-900">Optional</span>}
                </p>
                <p className="font-semibold text-slate-900">
                  {formatCents(line.totalCents)}
                  {line.billing === "monthly" && <span className="font-normal text-slate-600">/month</span>}
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {line.quantity.toLocaleString("en-US")} × {formatCents(line.unitCents)} · {line.billing === "monthly" ? "monthly" : "one-time"}
                {line.discountCents > 0 && ` · less ${formatCents(line.discountCents)}`}
                {line.taxRate > 0 && ` · tax ${formatTaxRate(line.taxRate)}`}
              </p>
              {line.optional && (
                <label className="mt-2 flex min-h-11 items-center gap-2 text-slate-900">
                  <input type="checkbox" name="option" value={line.id} form={ACCEPT_FORM} defaultChecked={chosen.has(line.id)} disabled={!open} data-option={line.id} className="size-5" />
                  Add this option
                </label>
              )}
            </li>
          ))}
        </ul>
        {open && hasOptions && (
          <Button type="submit" form={ACCEPT_FORM} name="action" value="update" variant="outline" className="mt-3" data-update-totals>
            Update totals
          </Button>
        )}
      </section>

      <section aria-labelledby="quote-totals" className="grid gap-4 sm:grid-cols-2" data-testid="quote-totals">
        <h2 id="quote-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-slate-800">
          <dt>One-time subtotal</dt>
          <dd className="text-right"><Money cents={totals.oneTimeSubtotalCents} name="oneTimeSubtotalCents" /></dd>
          <dt>Tax</dt>
          <dd className="text-right"><Money cents={totals.oneTimeTaxCents} name="oneTimeTaxCents" /></dd>
          {quote.discountCents > 0 && (
            <>
              <dt>Discount</dt>
              <dd className="text-right">−<Money cents={totals.discountCents} name="discountCents" /></dd>
            </>
          )}
          <dt className="font-semibold text-slate-900">One-time total</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="one-time-total"><Money cents={totals.oneTimeCents} name="oneTimeCents" /></dd>
        </dl>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-slate-800">
          <dt>Monthly subtotal</dt>
          <dd className="text-right"><Money cents={totals.monthlySubtotalCents} name="monthlySubtotalCents" /></dd>
          <dt>Tax</dt>
          <dd className="text-right"><Money cents={totals.monthlyTaxCents} name="monthlyTaxCents" /></dd>
          <dt className="font-semibold text-slate-900">Monthly total</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="monthly-total"><Money cents={totals.monthlyCents} name="monthlyCents" />/month</dd>
        </dl>
      </section>

      <section aria-labelledby="quote-terms">
        <h2 id="quote-terms" className="mb-2 text-lg font-semibold text-slate-900">
          Terms
        </h2>
        <div className="whitespace-pre-line break-words rounded-lg border border-slate-200 p-4 text-sm text-slate-800" data-testid="quote-terms">
          {quote.terms}
        </div>
      </section>

      {open && (
        <>
          <form id={ACCEPT_FORM} method="post" action={action} className="grid gap-4" aria-labelledby="accept-heading" noValidate>
            <h2 id="accept-heading" className="text-lg font-semibold text-slate-900">
              Accept this quote
            </h2>
            <FormField id="quote-name" label="Your full name" error={fields.name}>
              {(control) => <input {...control} name="name" autoComplete="name" defaultValue={name} className={inputClass} />}
            </FormField>
            <div className="grid gap-1">
              <label className="flex items-start gap-2 text-slate-900">
                <input type="checkbox" name="consent" value="yes" className="mt-1 size-5 shrink-0" aria-invalid={Boolean(fields.consent)} aria-describedby={fields.consent ? "quote-consent-error" : undefined} />
                <span>{QUOTE_CONSENT_TEXT}</span>
              </label>
              {fields.consent && (
                <p id="quote-consent-error" className="text-sm font-medium text-destructive">
                  {fields.consent}
                </p>
              )}
            </div>
            {fields.optionalLineIds && <p className="text-sm font-medium text-destructive">{fields.optionalLineIds}</p>}
            <Button type="submit" name="action" value="accept">
              Accept quote {quote.number}
            </Button>
          </form>
          <form method="post" action={action} className="grid gap-3" aria-labelledby="decline-heading" noValidate>
            <h2 id="decline-heading" className="text-lg font-semibold text-slate-900">
              Not for you?
            </h2>
            <FormField id="quote-reason" label="Tell us why, in a few words" error={fields.reason}>
              {(control) => <textarea {...control} name="reason" rows={3} className={inputClass} />}
            </FormField>
            <Button type="submit" name="action" value="decline" variant="outline">
              Decline
            </Button>
          </form>
        </>
      )}
      <script type="application/json" id="quote-data" dangerouslySetInnerHTML={{ __html: JSON.stringify({ lines: quote.lines, discountCents: quote.discountCents }).replace(/</g, "\\u003c") }} />
    </div>
  );
}
