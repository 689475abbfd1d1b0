/**
 * THE one place a quote's money is added up (docs/quotes.md), in integer cents only: the
 * API, the customer's page (with and without JavaScript), the PDF and the reports all read
 * these numbers, so a total can never differ between them.
 *
 * Per line: quantity × unit price, less the line's discount (never below 0), plus tax on
 * what is left at the line's rate in basis points, rounded half up to the cent. Lines are
 * summed per billing (one-time, monthly). The quote's own discount comes off the one-time
 * total (never below 0): a one-off allowance, not a lower monthly rate.
 */

export const quoteBillings = ["one-time", "monthly"] as const;
export type QuoteBilling = (typeof quoteBillings)[number];

export type PricedLine = {
  quantity: number;
  unitCents: number;
  billing: QuoteBilling;
  taxRate: number;
  discountCents: number;
  /** Counted in the totals: a required line, or an optional one that is ticked. */
  included: boolean;
};

export type LineAmounts = { netCents: number; taxCents: number; totalCents: number };

export type QuoteTotals = {
  oneTimeSubtotalCents: number;
  monthlySubtotalCents: number;
  oneTimeTaxCents: number;
  monthlyTaxCents: number;
  discountCents: number;
  oneTimeCents: number;
  monthlyCents: number;
};

/** Tax in cents on `netCents` at `basisPoints` (825 = 8.25 %), rounded half up. */
export function taxOf(netCents: number, basisPoints: number): number {
  return Math.floor((netCents * basisPoints + 5_000) / 10_000);
}

export function lineAmounts(line: Omit<PricedLine, "included" | "billing">): LineAmounts {
  const netCents = Math.max(0, line.quantity * line.unitCents - line.discountCents);
  const taxCents = taxOf(netCents, line.taxRate);
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

export function quoteTotals(lines: readonly PricedLine[], quoteDiscountCents = 0): QuoteTotals {
  const sums = { "one-time": { net: 0, tax: 0 }, monthly: { net: 0, tax: 0 } };
  for (const line of lines) {
    if (!line.included) continue;
    const amounts = lineAmounts(line);
    sums[line.billing].net += amounts.netCents;
    sums[line.billing].tax += amounts.taxCents;
  }
  const oneTimeBefore = sums["one-time"].net + sums["one-time"].tax;
  const discountCents = Math.min(Math.max(0, quoteDiscountCents), oneTimeBefore);
  return {
    oneTimeSubtotalCents: sums["one-time"].net,
    monthlySubtotalCents: sums.monthly.net,
    oneTimeTaxCents: sums["one-time"].tax,
    monthlyTaxCents: sums.monthly.tax,
    discountCents,
    oneTimeCents: oneTimeBefore - discountCents,
    monthlyCents: sums.monthly.net + sums.monthly.tax,
  };
}

/** $1,234.56 from 123456 cents; integer arithmetic, no float rounding. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** 8.25 % from 825 basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)} %`;
}
