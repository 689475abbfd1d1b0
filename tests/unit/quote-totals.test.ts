import { basisPointsFromPercent, quoteSettingsSchema } from "@/lib/quotes/quote-settings-schema";
import { describe, expect, it } from "vitest";
import { formatCents, lineAmounts, quoteTotals, taxOf } from "@/lib/quotes/quote-totals";
import { defaultValidUntil, quoteExpiresAt } from "@/server/quotes/quote-dates";
import { displayNumber, nextRevision } from "@/server/quotes/quote-number";

const line = (over: Partial<Parameters<typeof quoteTotals>[0][number]> = {}) => ({ quantity: 1, unitCents: 10_000, billing: "one-time" as const, taxRate: 0, discountCents: 0, included: true, ...over });

describe("quote totals, in integer cents", () => {
  it("rounds tax half up to the cent, per line", () => {
    // 8.25 % of $0.06 is 0.495 cents: rounds to 0; of $0.07, 0.5775: rounds to 1.
    expect(taxOf(6, 825)).toBe(0);
    expect(taxOf(7, 825)).toBe(1);
    // 7 % of $1.50 is exactly 10.5 cents: half up is 11.
    expect(taxOf(150, 700)).toBe(11);
    expect(lineAmounts({ quantity: 3, unitCents: 333, taxRate: 825, discountCents: 0 })).toEqual({ netCents: 999, taxCents: 82, totalCents: 1081 });
  });

  it("takes a line's discount before tax, never below zero", () => {
    expect(lineAmounts({ quantity: 2, unitCents: 5_000, taxRate: 1_000, discountCents: 2_000 })).toEqual({ netCents: 8_000, taxCents: 800, totalCents: 8_800 });
    expect(lineAmounts({ quantity: 1, unitCents: 500, taxRate: 1_000, discountCents: 9_999 })).toEqual({ netCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("sums one-time and monthly apart, counts optional lines only when ticked, and takes the quote's discount off the one-time total", () => {
    const totals = quoteTotals(
      [
        line({ quantity: 4, unitCents: 17_500, taxRate: 600 }),
        line({ quantity: 6, unitCents: 2_900, billing: "monthly" }),
        line({ unitCents: 39_900, included: false }),
        line({ unitCents: 1_500, billing: "monthly", taxRate: 825 }),
      ],
      5_000,
    );
    expect(totals).toEqual({
      oneTimeSubtotalCents: 70_000,
      monthlySubtotalCents: 18_900,
      oneTimeTaxCents: 4_200,
      monthlyTaxCents: 124,
      discountCents: 5_000,
      oneTimeCents: 69_200,
      monthlyCents: 19_024,
    });
    expect(quoteTotals([line({ unitCents: 100 })], 500).oneTimeCents).toBe(0);
  });

  it("formats cents without floating point", () => {
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
    expect(formatCents(5)).toBe("$0.05");
  });
});

describe("quote numbers and dates", () => {
  it("letters revisions B, C … Z, AA", () => {
    expect(nextRevision("A")).toBe("B");
    expect(nextRevision("Z")).toBe("AA");
    expect(displayNumber("Q-2026-0001", "A")).toBe("Q-2026-0001");
    expect(displayNumber("Q-2026-0001", "B")).toBe("Q-2026-0001-B");
  });

  it("ends a quote at the end of its last day in New York, across a DST change", () => {
    expect(new Date(quoteExpiresAt("2026-12-31")).toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(new Date(quoteExpiresAt("2026-07-04")).toISOString()).toBe("2026-07-05T04:00:00.000Z");
    // 11:30 PM on Nov 30 in New York is already Dec 1 in UTC: the default counts from the New York day.
    expect(defaultValidUntil(Date.parse("2026-12-01T04:30:00Z"))).toBe("2026-12-30");
  });
});

describe("basisPointsFromPercent", () => {
  it("reads the owner's percentage into whole basis points without floating point", () => {
    expect(["0", "6", "8.25", "8,25", "8.2", " 7.5 % ", "100", "0.01", "4.35"].map(basisPointsFromPercent)).toEqual([0, 600, 825, 825, 820, 750, 10_000, 1, 435]);
  });
  it("gives NaN for what is not a percentage, so the schema's message shows", () => {
    for (const text of ["", "eight", "8.255", "-1", "1e2", "8..2", "1000"]) expect(basisPointsFromPercent(text)).toBeNaN();
    expect(quoteSettingsSchema.safeParse({ terms: "Net 15.", taxRate: basisPointsFromPercent("eight") }).success).toBe(false);
    expect(quoteSettingsSchema.safeParse({ terms: "Net 15.", taxRate: basisPointsFromPercent("101") }).success).toBe(false);
  });
});
