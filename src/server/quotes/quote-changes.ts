import type { Kysely } from "kysely";
import type { QuoteCreate, QuoteLineInput, QuotePatch } from "@/lib/quotes/quote-schema";
import type { Quote } from "@/lib/quotes/quote-types";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { type Database, isRowId, writeBoolean } from "@/server/db/schema";
import { defaultValidUntil, isPastDay, quoteExpiresAt } from "./quote-dates";
import { addQuoteEvent } from "./quote-lead";
import { displayNumber, nextQuoteNumber, nextRevision } from "./quote-number";
import { readQuoteSettings } from "./quote-settings";
import { effectiveStatus, loadQuote, loadQuoteLines, loadQuoteRow, type QuoteRow, totalsOf } from "./quote-store";

/**
 * The owner's changes to quotes (docs/quotes.md). A draft is edited freely; once sent a quote
 * is never edited (it is revised into a new one), and once accepted it is locked.
 */
export type QuoteOutcome = { status: "done"; quote: Quote } | { status: "not-found" } | { status: "refused"; message: string; quote: Quote } | { status: "invalid"; fields: Record<string, string> };

export const LOCKED = "This quote was accepted and is locked.";
export const SENT_NEVER_EDITED = "A sent quote is never edited: revise it to make a new version.";
const PAST_DAY = { validUntil: "The last day cannot be before today." };

async function insertLines(trx: Kysely<Database>, quoteId: number, lines: readonly QuoteLineInput[], defaultTaxRate: number): Promise<void> {
  await trx
    .insertInto("quote_lines")
    .values(
      lines.map((line, position) => ({
        quote_id: quoteId,
        position,
        catalog_id: line.catalogId ?? null,
        description: line.description,
        quantity: line.quantity,
        unit_cents: line.unitCents,
        billing: line.billing,
        optional: writeBoolean(line.optional === true),
        // An optional line starts unticked: the customer ticks it on.
        selected: writeBoolean(line.optional !== true),
        tax_rate: line.taxRate ?? defaultTaxRate,
        discount_cents: line.discountCents ?? 0,
      })),
    )
    .execute();
}

/** Recomputes and stores the totals the list, the board and the reports read. */
async function storeTotals(trx: Kysely<Database>, quoteId: number, discountCents: number): Promise<void> {
  const totals = totalsOf(await loadQuoteLines(trx, quoteId), discountCents);
  await trx.updateTable("quotes").set({ one_time_cents: totals.oneTimeCents, monthly_cents: totals.monthlyCents }).where("id", "=", quoteId).execute();
}

/** POST /api/admin/leads/{id}/quotes: a new draft, numbered in the same transaction. */
export async function createQuote(leadId: number, input: QuoteCreate, now = Date.now(), audit?: AuditRecorder): Promise<QuoteOutcome> {
  if (!isRowId(leadId)) return { status: "not-found" };
  if (input.validUntil !== undefined && isPastDay(input.validUntil, now)) return { status: "invalid", fields: PAST_DAY };
  const db = await getDb();
  const id = await db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
    if (!lead) return undefined;
    const settings = await readQuoteSettings(trx);
    const number = await nextQuoteNumber(trx, now);
    const validUntil = input.validUntil ?? defaultValidUntil(now);
    const row = await trx
      .insertInto("quotes")
      .values({ lead_id: leadId, number, revision: "A", valid_until: validUntil, expires_at: quoteExpiresAt(validUntil), note: input.note ?? null, terms: settings.terms, discount_cents: input.discountCents ?? 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const quoteId = Number(row.id);
    await insertLines(trx, quoteId, input.lines, settings.taxRate);
    await storeTotals(trx, quoteId, input.discountCents ?? 0);
    await addQuoteEvent(trx, leadId, now, { quoteId, number, action: "created" });
    await audit?.({ action: "quote.created", target: { kind: "quote", id: quoteId } }, trx);
    return quoteId;
  });
  if (id === undefined) return { status: "not-found" };
  return { status: "done", quote: (await loadQuote(db, id, now))! };
}

/**
 * Runs `work` on the quote's row, locked for the transaction (the first statement writes:
 * SQLite takes its write lock, PostgreSQL the row's), so two changes never both pass a check.
 */
export async function withLockedQuote<T>(id: number, now: number, work: (trx: Kysely<Database>, row: QuoteRow) => Promise<T>): Promise<T | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const locked = await trx.updateTable("quotes").set({ updated_at: now }).where("id", "=", id).returning("id").executeTakeFirst();
    if (!locked) return undefined;
    return work(trx, (await loadQuoteRow(trx, id))!);
  });
}

/** Why a quote in this state cannot change, or null when it can (a draft). */
function editRefusal(row: QuoteRow, now: number): string | null {
  const status = effectiveStatus(row, now);
  if (status === "accepted") return LOCKED;
  if (status === "draft") return null;
  if (status === "replaced") return "This quote was replaced by a newer version.";
  return SENT_NEVER_EDITED;
}

async function finish(id: number, now: number, outcome: { refused?: string; invalid?: Record<string, string> } | undefined): Promise<QuoteOutcome> {
  if (outcome === undefined) return { status: "not-found" };
  if (outcome.invalid) return { status: "invalid", fields: outcome.invalid };
  const quote = (await loadQuote(await getDb(), id, now))!;
  return outcome.refused ? { status: "refused", message: outcome.refused, quote } : { status: "done", quote };
}

/** PATCH /api/admin/quotes/{id}: a draft's lines, dates, note, discount or terms; 409 once sent or accepted. */
export async function updateQuote(id: number, patch: QuotePatch, now = Date.now(), audit?: AuditRecorder): Promise<QuoteOutcome> {
  const outcome = await withLockedQuote(id, now, async (trx, row) => {
    const refused = editRefusal(row, now);
    if (refused) return { refused };
    if (patch.validUntil !== undefined && isPastDay(patch.validUntil, now)) return { invalid: PAST_DAY };
    const discountCents = patch.discountCents ?? Number(row.discount_cents);
    await trx
      .updateTable("quotes")
      .set({
        ...(patch.validUntil !== undefined ? { valid_until: patch.validUntil, expires_at: quoteExpiresAt(patch.validUntil) } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.terms !== undefined ? { terms: patch.terms } : {}),
        discount_cents: discountCents,
      })
      .where("id", "=", id)
      .execute();
    if (patch.lines !== undefined) {
      await trx.deleteFrom("quote_lines").where("quote_id", "=", id).execute();
      await insertLines(trx, id, patch.lines, (await readQuoteSettings(trx)).taxRate);
    }
    await storeTotals(trx, id, discountCents);
    await audit?.({ action: "quote.updated", target: { kind: "quote", id } }, trx);
    return {};
  });
  return finish(id, now, outcome);
}

/**
 * POST /api/admin/quotes/{id}/revise: a new draft with the next letter (Q-2026-0001-B), its
 * lines copied; the old one becomes `replaced` and its link names the new one. A draft is
 * edited rather than revised, and an accepted quote is locked.
 */
export async function reviseQuote(id: number, now = Date.now(), audit?: AuditRecorder): Promise<QuoteOutcome> {
  let newId: number | undefined;
  const outcome = await withLockedQuote(id, now, async (trx, row) => {
    const status = effectiveStatus(row, now);
    if (status === "accepted") return { refused: LOCKED };
    if (status === "draft") return { refused: "A draft is edited, not revised." };
    if (status === "replaced") return { refused: "This quote was replaced already: revise the newest version." };
    const latest = await trx.selectFrom("quotes").select("revision").where("number", "=", row.number).orderBy("id", "desc").executeTakeFirstOrThrow();
    const revision = nextRevision(latest.revision);
    const validUntil = isPastDay(row.valid_until, now) ? defaultValidUntil(now) : row.valid_until;
    const created = await trx
      .insertInto("quotes")
      .values({ lead_id: row.lead_id, number: row.number, revision, valid_until: validUntil, expires_at: quoteExpiresAt(validUntil), note: row.note, terms: (await readQuoteSettings(trx)).terms, discount_cents: row.discount_cents, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    newId = Number(created.id);
    const lines = await trx.selectFrom("quote_lines").selectAll().where("quote_id", "=", id).orderBy("position").execute();
    await trx
      .insertInto("quote_lines")
      .values(lines.map(({ id: _id, quote_id: _quote, optional, ...line }) => ({ ...line, quote_id: newId!, optional: writeBoolean(Boolean(Number(optional))), selected: writeBoolean(!Number(optional)) })))
      .execute();
    await storeTotals(trx, newId, Number(row.discount_cents));
    await trx.updateTable("quotes").set({ status: "replaced", replaced_by: newId }).where("id", "=", id).execute();
    await addQuoteEvent(trx, Number(row.lead_id), now, { quoteId: newId, number: displayNumber(row.number, revision), action: "revised" });
    await audit?.({ action: "quote.revised", target: { kind: "quote", id }, detail: { revisionId: newId } }, trx);
    return {};
  });
  if (outcome && !("refused" in outcome) && newId !== undefined) return finish(newId, now, outcome);
  return finish(id, now, outcome);
}
