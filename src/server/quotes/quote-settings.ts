import type { Kysely } from "kysely";
import { site } from "@/content/site";
import type { Database } from "@/server/db/schema";

/** The settings rows the owner changes (PUT /api/admin/quote-settings); absent, the defaults below apply. */
const TERMS_KEY = "quote_terms";
const TAX_RATE_KEY = "quote_tax_rate";

export const DEFAULT_QUOTE_TERMS = [
  `Prices are in US dollars. One-time work is invoiced on completion and due within 15 days. Monthly services are billed each month in advance from the day they start, for a minimum of 12 months, then month to month; either side may end them with 30 days' notice in writing.`,
  `Equipment remains ${site.name}'s property until paid in full. Work outside this quote is quoted separately before it is done.`,
].join("\n\n");

export type QuoteSettings = { terms: string; taxRate: number };

export async function readQuoteSettings(executor: Kysely<Database>): Promise<QuoteSettings> {
  const rows = await executor.selectFrom("settings").select(["key", "value"]).where("key", "in", [TERMS_KEY, TAX_RATE_KEY]).execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const taxRate = Number(value(TAX_RATE_KEY));
  return { terms: value(TERMS_KEY) || DEFAULT_QUOTE_TERMS, taxRate: Number.isInteger(taxRate) && taxRate >= 0 && taxRate <= 10_000 ? taxRate : 0 };
}

export async function saveQuoteSettings(executor: Kysely<Database>, settings: QuoteSettings): Promise<void> {
  for (const [key, value] of [
    [TERMS_KEY, settings.terms],
    [TAX_RATE_KEY, String(settings.taxRate)],
  ] as const) {
    await executor
      .insertInto("settings")
      .values({ key, value })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
      .execute();
  }
}
