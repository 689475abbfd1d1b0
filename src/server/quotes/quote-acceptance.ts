import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { QuoteAccept } from "@/lib/quotes/quote-schema";
import { QUOTE_CONSENT_TEXT, type PublicQuote, type Quote } from "@/lib/quotes/quote-types";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis, writeBoolean } from "@/server/db/schema";
import { LOCKED, withLockedQuote } from "./quote-changes";
import { businessDate } from "@/server/business-time";
import { moveLeadForQuote } from "@/server/leads/lead-changes";
import { addQuoteEvent } from "./quote-lead";
import { displayNumber } from "./quote-number";
import { queueSignedQuoteMail } from "./quote-signed-mail";
import { effectiveStatus, findQuoteByTokenHash, loadQuote, loadQuoteLines, loadQuoteRow, type QuoteRow, totalsOf } from "./quote-store";
import { hashQuoteToken, isQuoteTokenShape } from "./quote-token";

/*
 * The customer's side of a quote (docs/quotes.md): reading it by its private link, accepting
 * it (only by POST, with the typed name, "I agree" and the ticked options) and declining it.
 * The owner records a yes given on the phone through the same acceptance, marked as theirs.
 */

/** Why a link cannot be acted on: 404 (no such link), 410 (expired), 409 (accepted, declined or replaced). */
export type PublicRefusal =
  | { status: "not-found" }
  | { status: "expired"; quote: PublicQuote }
  | { status: "closed"; reason: "accepted" | "declined" | "replaced"; quote: PublicQuote; replacedBy: string | null };

export type PublicRead = { status: "open"; quote: PublicQuote } | PublicRefusal;

export function toPublicQuote(quote: Quote, customerName: string): PublicQuote {
  return {
    number: quote.number,
    status: quote.status,
    validUntil: quote.validUntil,
    lines: quote.lines.map(({ catalogId: _catalog, ...line }) => line),
    totals: quote.totals,
    discountCents: quote.discountCents,
    note: quote.note,
    terms: quote.terms,
    customerName,
    acceptedAt: quote.acceptedAt,
    acceptedName: quote.acceptedName,
  };
}

async function publicOf(executor: Kysely<Database>, row: QuoteRow, now: number): Promise<PublicQuote> {
  const lead = await executor.selectFrom("leads").select("name").where("id", "=", row.lead_id).executeTakeFirstOrThrow();
  return toPublicQuote((await loadQuote(executor, Number(row.id), now))!, lead.name);
}

function classify(row: QuoteRow, quote: PublicQuote, replacedBy: string | null, now: number): PublicRead {
  const status = effectiveStatus(row, now);
  if (status === "expired") return { status: "expired", quote };
  if (status === "accepted" || status === "declined" || status === "replaced") return { status: "closed", reason: status, quote, replacedBy };
  return { status: "open", quote };
}

/**
 * The quote a link names. With `latest`, an old link follows its replacements to the newest
 * version that was sent (a draft revision stays the owner's): the replaced page links there.
 */
async function rowByToken(executor: Kysely<Database>, token: string | undefined, latest = false): Promise<QuoteRow | undefined> {
  if (!isQuoteTokenShape(token)) return undefined;
  let row = await findQuoteByTokenHash(executor, hashQuoteToken(token));
  // A draft is never reachable by a link (a link exists only once sent).
  if (!row || row.status === "draft") return undefined;
  while (latest && row.replaced_by !== null) {
    const next = await loadQuoteRow(executor, Number(row.replaced_by));
    if (!next || next.status === "draft") break;
    row = next;
  }
  return row;
}

/**
 * The quote a customer's link names, for its PDF: any version that was sent, unless a newer
 * one replaced it (that link's page points to the newer one instead).
 */
export async function quoteIdByLink(token: string | undefined, latest: boolean): Promise<{ status: "found"; id: number } | { status: "not-found" } | { status: "replaced" }> {
  const row = await rowByToken(await getDb(), token, latest);
  if (!row) return { status: "not-found" };
  return row.status === "replaced" ? { status: "replaced" } : { status: "found", id: Number(row.id) };
}

/**
 * GET /api/quotes/{token} and the /quote/{token} page. A customer's view (never the owner's
 * own session: `byOwner`) marks the quote viewed and is written on the timeline once per day.
 */
export async function readQuoteByToken(token: string | undefined, now = Date.now(), byOwner = false, latest = false): Promise<PublicRead> {
  const db = await getDb();
  const found = await rowByToken(db, token, latest);
  if (!found) return { status: "not-found" };
  let row = found;
  const viewable = row.status === "sent" || row.status === "viewed";
  const seenToday = row.viewed_at !== null && businessDate(Number(row.viewed_at)) === businessDate(now);
  if (!byOwner && viewable && now < Number(row.expires_at) && !seenToday) {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("quotes")
        .set({ status: "viewed", viewed_at: now })
        .where("id", "=", row.id)
        .where("status", "in", ["sent", "viewed"])
        // Compare and set on the view read above: of two first views racing, one changes the row.
        .where((eb) => (row.viewed_at === null ? eb("viewed_at", "is", null) : eb("viewed_at", "=", Number(row.viewed_at))))
        .returning("id")
        .executeTakeFirst();
      if (updated) await addQuoteEvent(trx, Number(row.lead_id), now, { quoteId: Number(row.id), number: displayNumber(row.number, row.revision), action: "viewed" });
    });
    row = (await findQuoteByTokenHash(db, row.token_hash!))!;
  }
  const replacedBy = row.replaced_by === null ? null : await replacementNumber(db, Number(row.replaced_by));
  return classify(row, await publicOf(db, row, now), replacedBy, now);
}

async function replacementNumber(executor: Kysely<Database>, id: number): Promise<string | null> {
  const row = await executor.selectFrom("quotes").select(["number", "revision"]).where("id", "=", id).executeTakeFirst();
  return row ? displayNumber(row.number, row.revision) : null;
}

/** Who accepted, as the acceptance record keeps it. */
export type AcceptanceWitness = { by: "customer" | "owner"; ip: string | null; userAgent: string | null };

export type AcceptOutcome = { status: "accepted"; quote: PublicQuote } | PublicRefusal | { status: "invalid"; fields: Record<string, string> };

/**
 * Accepts `row` with the chosen options inside `trx` (the quote's row locked): the record
 * (snapshot as shown and its SHA-256, options, totals, terms, consent text, typed name, IP,
 * user agent, UTC time), the quote locked as accepted, the lead moved to Won with the values.
 */
async function acceptWithin(trx: Kysely<Database>, row: QuoteRow, input: QuoteAccept, witness: AcceptanceWitness, now: number): Promise<AcceptOutcome> {
  const before = await publicOf(trx, row, now);
  const lines = await loadQuoteLines(trx, Number(row.id));
  const optionalIds = new Set(before.lines.filter((line) => line.optional).map((line) => line.id));
  const chosen = new Set(input.optionalLineIds);
  if ([...chosen].some((id) => !optionalIds.has(id))) return { status: "invalid", fields: { optionalLineIds: "Only the quote's optional lines can be chosen." } };
  const totals = totalsOf(lines, Number(row.discount_cents), chosen);
  const shown = { ...before, lines: before.lines.map((line) => ({ ...line, selected: !line.optional || chosen.has(line.id) })), totals };
  const snapshot = JSON.stringify(shown);
  const sha256 = createHash("sha256").update(snapshot).digest("hex");
  for (const line of before.lines.filter((line) => line.optional)) {
    await trx.updateTable("quote_lines").set({ selected: writeBoolean(chosen.has(line.id)) }).where("id", "=", line.id).execute();
  }
  await trx
    .updateTable("quotes")
    .set({ status: "accepted", accepted_at: now, accepted_name: input.name, accepted_by: witness.by, one_time_cents: totals.oneTimeCents, monthly_cents: totals.monthlyCents })
    .where("id", "=", row.id)
    .execute();
  await trx
    .insertInto("quote_acceptances")
    .values({
      quote_id: row.id,
      lead_id: row.lead_id,
      snapshot,
      snapshot_sha256: sha256,
      options: JSON.stringify([...chosen].sort((a, b) => a - b)),
      one_time_cents: totals.oneTimeCents,
      monthly_cents: totals.monthlyCents,
      terms: row.terms,
      consent_text: QUOTE_CONSENT_TEXT,
      typed_name: input.name,
      accepted_by: witness.by,
      ip: witness.ip,
      user_agent: witness.userAgent?.slice(0, 512) ?? null,
      accepted_at: now,
    })
    .execute();
  await moveLeadForQuote(trx, Number(row.lead_id), now, { to: "won", oneTimeCents: totals.oneTimeCents, monthlyCents: totals.monthlyCents });
  await addQuoteEvent(trx, Number(row.lead_id), now, { quoteId: Number(row.id), number: displayNumber(row.number, row.revision), action: "accepted", by: witness.by });
  const accepted = await publicOf(trx, { ...row, status: "accepted" }, now);
  const lead = await trx.selectFrom("leads").select("email").where("id", "=", row.lead_id).executeTakeFirstOrThrow();
  const signature = { name: input.name, at: isoFromMillis(now), by: witness.by, sha256 };
  await queueSignedQuoteMail(trx, { quoteId: Number(row.id), leadId: Number(row.lead_id), quote: accepted, signature, customerEmail: lead.email, now });
  return { status: "accepted", quote: accepted };
}

/** A private link, and whether it stands for the newest sent version of its quote (`?latest=1`). */
export type QuoteLink = { token: string | undefined; latest?: boolean };

/** Locks the quote a link names and runs `work` when it is still open; the refusal otherwise. */
async function onOpenQuote<T>(link: QuoteLink, now: number, work: (trx: Kysely<Database>, row: QuoteRow) => Promise<T>): Promise<T | PublicRefusal> {
  const db = await getDb();
  const found = await rowByToken(db, link.token, link.latest);
  if (!found) return { status: "not-found" };
  const outcome = await withLockedQuote(Number(found.id), now, async (trx, row) => {
    // The link may have been replaced by a new one between the lookup and the lock.
    if (row.token_hash !== found.token_hash) return { status: "not-found" } as const;
    const replacedBy = row.replaced_by === null ? null : await replacementNumber(trx, Number(row.replaced_by));
    const read = classify(row, await publicOf(trx, row, now), replacedBy, now);
    if (read.status !== "open") return read;
    return { status: "work", value: await work(trx, row) } as const;
  });
  if (!outcome) return { status: "not-found" };
  return outcome.status === "work" ? outcome.value : outcome;
}

/** POST /api/quotes/{token}/accept { name, consent: true, optionalLineIds }. */
export function acceptQuoteByToken(link: QuoteLink, input: QuoteAccept, witness: Omit<AcceptanceWitness, "by">, now = Date.now()): Promise<AcceptOutcome> {
  return onOpenQuote(link, now, (trx, row) => acceptWithin(trx, row, input, { ...witness, by: "customer" }, now));
}

export type DeclineOutcome = { status: "declined"; quote: PublicQuote } | PublicRefusal;

/** POST /api/quotes/{token}/decline { reason }. */
export function declineQuoteByToken(link: QuoteLink, reason: string, now = Date.now()): Promise<DeclineOutcome> {
  return onOpenQuote(link, now, async (trx, row) => {
    await trx.updateTable("quotes").set({ status: "declined", declined_at: now, declined_reason: reason }).where("id", "=", row.id).execute();
    await addQuoteEvent(trx, Number(row.lead_id), now, { quoteId: Number(row.id), number: displayNumber(row.number, row.revision), action: "declined" });
    return { status: "declined" as const, quote: await publicOf(trx, { ...row, status: "declined" }, now) };
  });
}

export type PhoneAcceptOutcome = { status: "accepted"; quote: Quote } | { status: "not-found" } | { status: "refused"; message: string; quote: Quote } | { status: "invalid"; fields: Record<string, string> };

/**
 * POST /api/admin/quotes/{id}/accept-by-phone { name, optionalLineIds }: the owner records a
 * yes the customer gave on the phone, also after the quote expired online; the record says
 * the owner made it (`accepted_by = owner`, the owner's session in the audit log).
 */
export async function acceptQuoteByPhone(id: number, input: Omit<QuoteAccept, "consent">, witness: Omit<AcceptanceWitness, "by">, now = Date.now(), audit?: AuditRecorder): Promise<PhoneAcceptOutcome> {
  const outcome = await withLockedQuote(id, now, async (trx, row) => {
    const status = effectiveStatus(row, now);
    if (status === "accepted") return { refused: LOCKED };
    if (status === "replaced") return { refused: "This quote was replaced: record the newest version." };
    if (status === "draft") return { refused: "Send the quote before recording its acceptance." };
    const accepted = await acceptWithin(trx, row, { ...input, consent: true }, { ...witness, by: "owner" }, now);
    if (accepted.status === "invalid") return { invalid: accepted.fields };
    await audit?.({ action: "quote.accepted_by_phone", target: { kind: "quote", id } }, trx);
    return {};
  });
  if (outcome === undefined) return { status: "not-found" };
  if ("invalid" in outcome) return { status: "invalid", fields: outcome.invalid! };
  const quote = (await loadQuote(await getDb(), id, now))!;
  return "refused" in outcome ? { status: "refused", message: outcome.refused!, quote } : { status: "accepted", quote };
}
