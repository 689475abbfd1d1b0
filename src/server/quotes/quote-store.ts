import type { Kysely, Selectable } from "kysely";
import { lineAmounts, quoteTotals } from "@/lib/quotes/quote-totals";
import type { Quote, QuoteLine, QuoteStatus } from "@/lib/quotes/quote-types";
import { type Database, isoFromMillis, type QuoteLinesTable, type QuotesTable, readBoolean } from "@/server/db/schema";
import { displayNumber } from "./quote-number";

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteLineRow = Selectable<QuoteLinesTable>;

/** A sent or viewed quote past the end of its last day is expired; the row keeps what it was. */
export function effectiveStatus(row: Pick<QuoteRow, "status" | "expires_at">, now: number): QuoteStatus {
  if ((row.status === "sent" || row.status === "viewed") && now >= Number(row.expires_at)) return "expired";
  return row.status;
}

export function toQuoteLine(row: QuoteLineRow): QuoteLine {
  const line = { quantity: Number(row.quantity), unitCents: Number(row.unit_cents), taxRate: Number(row.tax_rate), discountCents: Number(row.discount_cents) };
  return {
    id: Number(row.id),
    catalogId: row.catalog_id,
    description: row.description,
    billing: row.billing,
    optional: readBoolean(row.optional),
    selected: readBoolean(row.selected),
    ...line,
    totalCents: lineAmounts(line).totalCents,
  };
}

/** The totals of `lines`, counting the optional lines in `ticked` (by default, those stored as ticked). */
export function totalsOf(lines: readonly QuoteLine[], discountCents: number, ticked?: ReadonlySet<number>) {
  return quoteTotals(
    lines.map((line) => ({ ...line, included: !line.optional || (ticked ? ticked.has(line.id) : line.selected) })),
    discountCents,
  );
}

export function toQuote(row: QuoteRow, lineRows: readonly QuoteLineRow[], replacedByNumber: string | null, now: number): Quote {
  const lines = [...lineRows].sort((a, b) => Number(a.position) - Number(b.position)).map(toQuoteLine);
  const millis = (value: number | null) => (value === null ? null : isoFromMillis(Number(value)));
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    number: displayNumber(row.number, row.revision),
    revision: row.revision,
    status: effectiveStatus(row, now),
    lines,
    totals: totalsOf(lines, Number(row.discount_cents)),
    discountCents: Number(row.discount_cents),
    validUntil: row.valid_until,
    expiresAt: isoFromMillis(Number(row.expires_at)),
    note: row.note,
    terms: row.terms,
    sentAt: millis(row.sent_at),
    viewedAt: millis(row.viewed_at),
    acceptedAt: millis(row.accepted_at),
    acceptedName: row.accepted_name,
    acceptedBy: row.accepted_by,
    declinedReason: row.declined_reason,
    replacedBy: replacedByNumber,
    createdAt: isoFromMillis(Number(row.created_at)),
  };
}

async function assemble(executor: Kysely<Database>, rows: readonly QuoteRow[], now: number): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const replacers = rows.map((row) => row.replaced_by).filter((id): id is number => id !== null).map(Number);
  const [lines, replacing] = await Promise.all([
    executor.selectFrom("quote_lines").selectAll().where("quote_id", "in", ids).execute(),
    replacers.length > 0 ? executor.selectFrom("quotes").select(["id", "number", "revision"]).where("id", "in", replacers).execute() : Promise.resolve([]),
  ]);
  const numberOf = new Map(replacing.map((row) => [Number(row.id), displayNumber(row.number, row.revision)]));
  return rows.map((row) =>
    toQuote(
      row,
      lines.filter((line) => Number(line.quote_id) === Number(row.id)),
      row.replaced_by === null ? null : (numberOf.get(Number(row.replaced_by)) ?? null),
      now,
    ),
  );
}

export async function loadQuote(executor: Kysely<Database>, id: number, now: number): Promise<Quote | undefined> {
  const row = await executor.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await assemble(executor, [row], now))[0] : undefined;
}

export async function loadQuoteRow(executor: Kysely<Database>, id: number): Promise<QuoteRow | undefined> {
  return executor.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A lead's quotes, newest first (its answer's `quotes`). */
export async function listLeadQuotes(executor: Kysely<Database>, leadId: number, now = Date.now()): Promise<Quote[]> {
  const rows = await executor.selectFrom("quotes").selectAll().where("lead_id", "=", leadId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return assemble(executor, rows, now);
}

export async function findQuoteByTokenHash(executor: Kysely<Database>, tokenHash: string): Promise<QuoteRow | undefined> {
  return executor.selectFrom("quotes").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function loadQuoteLines(executor: Kysely<Database>, quoteId: number): Promise<QuoteLine[]> {
  const rows = await executor.selectFrom("quote_lines").selectAll().where("quote_id", "=", quoteId).orderBy("position").execute();
  return rows.map(toQuoteLine);
}
