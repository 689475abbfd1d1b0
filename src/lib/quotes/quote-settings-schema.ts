import * as z from "zod/mini";
import "@/lib/validation/zod-config";
import { textField } from "@/lib/validation/text-field";
import { QUOTE_TERMS_MAX } from "./quote-schema";

const TAX_RATE = "The tax rate must be from 0 % to 100 %, with at most two decimals (the API takes basis points: 825 is 8.25 %).";

/** PUT /api/admin/quote-settings: the terms new quotes carry and the default tax rate of new lines (basis points). */
export const quoteSettingsSchema = z.object({
  terms: textField("The terms must be text.", z.minLength(1, "The terms cannot be empty."), z.maxLength(QUOTE_TERMS_MAX, `The terms must be at most ${QUOTE_TERMS_MAX} characters.`)),
  taxRate: z.int({ error: TAX_RATE }).check(z.minimum(0, TAX_RATE), z.maximum(10_000, TAX_RATE)),
});

export type QuoteSettingsData = z.output<typeof quoteSettingsSchema>;

/** 825 from "8.25" (or "8.25 %"): whole basis points, read without floating point; NaN when it is not such a number. */
export function basisPointsFromPercent(text: string): number {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
