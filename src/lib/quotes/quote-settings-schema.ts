import * as z from "zod/mini";
import "@/lib/validation/zod-config";
import { textField } from "@/lib/validation/text-field";
import { QUOTE_TERMS_MAX } from "./quote-schema";

const TAX_RATE = "The tax rate is in basis points, from 0 to 10,000 (825 is 8.25 %).";

/** PUT /api/admin/quote-settings: the terms new quotes carry and the default tax rate of new lines (basis points). */
export const quoteSettingsSchema = z.object({
  terms: textField("The terms must be text.", z.minLength(1, "The terms cannot be empty."), z.maxLength(QUOTE_TERMS_MAX, `The terms must be at most ${QUOTE_TERMS_MAX} characters.`)),
  taxRate: z.int({ error: TAX_RATE }).check(z.minimum(0, TAX_RATE), z.maximum(10_000, TAX_RATE)),
});
