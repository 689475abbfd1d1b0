// zod/mini, as the other forms: the desk's quote editor and the customer's page share these rules with the API.
import * as z from "zod/mini";
import "@/lib/validation/zod-config";
import { nameField, textField } from "@/lib/validation/text-field";
import { quoteBillings } from "./quote-totals";

export const QUOTE_LINES_MAX = 100;
export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_TERMS_MAX = 10_000;
export const QUOTE_DESCRIPTION_MAX = 200;
export const DECLINE_REASON_MAX = 1000;
/** $1,000,000.00: a line or a discount beyond this is a typo. */
const CENTS_MAX = 100_000_000;

function wholeNumber(message: string, min: number, max: number) {
  return z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z.string({ error: "Use a date like 2026-12-31." }).check(
  z.regex(DATE, "Use a date like 2026-12-31."),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "Use a date like 2026-12-31."),
);

export const quoteLineSchema = z.object({
  catalogId: z.optional(z.nullable(textField("The catalogue id must be text.", z.maxLength(60, "Unknown catalogue item.")))),
  description: textField("Describe the line.", z.minLength(1, "Describe the line."), z.maxLength(QUOTE_DESCRIPTION_MAX, `A line's description must be at most ${QUOTE_DESCRIPTION_MAX} characters.`)),
  quantity: wholeNumber("The quantity is a whole number from 1 to 100,000.", 1, 100_000),
  unitCents: wholeNumber("The unit price is a whole number of cents from 0 to 100,000,000.", 0, CENTS_MAX),
  billing: z.enum(quoteBillings, { error: "Billing is one-time or monthly." }),
  optional: z.optional(z.boolean({ error: "Optional is true or false." })),
  taxRate: z.optional(wholeNumber("The tax rate is in basis points, from 0 to 10,000 (825 is 8.25 %).", 0, 10_000)),
  discountCents: z.optional(wholeNumber("The discount is a whole number of cents, not negative.", 0, CENTS_MAX)),
});

const linesField = z.array(quoteLineSchema, { error: "Give the quote's lines." }).check(z.minLength(1, "A quote needs at least one line."), z.maxLength(QUOTE_LINES_MAX, `A quote has at most ${QUOTE_LINES_MAX} lines.`));
const noteField = z.optional(z.nullable(textField("The note must be text.", z.maxLength(QUOTE_NOTE_MAX, `The note must be at most ${QUOTE_NOTE_MAX} characters.`))));
const discountField = z.optional(wholeNumber("The discount is a whole number of cents, not negative.", 0, CENTS_MAX));

/** POST /api/admin/leads/{id}/quotes. */
export const quoteCreateSchema = z.object({
  lines: linesField,
  validUntil: z.optional(dateField),
  note: noteField,
  discountCents: discountField,
});

/** PATCH /api/admin/quotes/{id}: a draft's fields, each optional. */
export const quotePatchSchema = z.object({
  lines: z.optional(linesField),
  validUntil: z.optional(dateField),
  note: noteField,
  discountCents: discountField,
  terms: z.optional(textField("The terms must be text.", z.minLength(1, "The terms cannot be empty."), z.maxLength(QUOTE_TERMS_MAX, `The terms must be at most ${QUOTE_TERMS_MAX} characters.`))),
});

const idList = z.array(wholeNumber("An optional line is named by its id.", 1, Number.MAX_SAFE_INTEGER), { error: "Optional lines are a list of ids." }).check(z.maxLength(QUOTE_LINES_MAX, "Too many lines."));

/** POST /api/quotes/{token}/accept, and the page's no-script form after parsing. */
export const quoteAcceptSchema = z.object({
  name: nameField("Type your full name.", z.minLength(2, "Type your full name."), z.maxLength(120, "Your name must be at most 120 characters.")),
  consent: z.literal(true, { error: "Tick “I agree” to accept." }),
  optionalLineIds: z._default(idList, []),
});

/** POST /api/admin/quotes/{id}/accept-by-phone: the owner records a yes given on the phone. */
export const quotePhoneAcceptSchema = z.object({
  name: nameField("Type the customer's name.", z.minLength(2, "Type the customer's name."), z.maxLength(120, "The name must be at most 120 characters.")),
  optionalLineIds: z._default(idList, []),
});

export const quoteDeclineSchema = z.object({
  reason: textField("Tell us why, in a few words.", z.minLength(1, "Tell us why, in a few words."), z.maxLength(DECLINE_REASON_MAX, `At most ${DECLINE_REASON_MAX} characters.`)),
});

export type QuoteLineInput = z.output<typeof quoteLineSchema>;
export type QuoteCreate = z.output<typeof quoteCreateSchema>;
export type QuotePatch = z.output<typeof quotePatchSchema>;
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;
