import type * as z from "zod/mini";
import type { ValidationIssues } from "@/lib/field-errors";
import { quoteSettingsSchema } from "@/lib/quotes/quote-settings-schema";
import { quoteAcceptSchema, quoteCreateSchema, quoteDeclineSchema, quotePatchSchema, quotePhoneAcceptSchema } from "@/lib/quotes/quote-schema";
import { quoteCatalog } from "@/content/quote-catalog";
import { site } from "@/content/site";
import { adminRoute, parseRowId, type RouteContext } from "@/server/admin/admin-route";
import { readSessionToken, validateAdminSession } from "@/server/auth/admin-session";
import { getDb, isDatabaseUnavailable } from "@/server/db/connection";
import { clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, readJsonBody, serviceUnavailable, validationError } from "@/server/http/json-responses";
import { kickOutbox } from "@/server/mail/mail-outbox";
import { acceptQuoteByPhone, acceptQuoteByToken, declineQuoteByToken, type PublicRead, type PublicRefusal, quoteIdByLink, readQuoteByToken } from "./quote-acceptance";
import { createQuote, type QuoteOutcome, reviseQuote, updateQuote } from "./quote-changes";
import { sendQuote } from "./quote-sending";
import { quoteDraftLines } from "./quote-draft";
import { readQuoteSettings, saveQuoteSettings } from "./quote-settings";
import { quotePdf } from "./quote-pdf-file";
import { loadQuote } from "./quote-store";
import { quotesToChase } from "./quotes-to-chase";

/*
 * The quotes API (docs/quotes.md), with the desk's conventions: JSON in and out, `{ error, fields? }`
 * on 4xx, 409 for a change the quote's state forbids, 503 while the database is away.
 */

const MALFORMED_ID = "Malformed id.";
const NOT_FOUND = "Not found.";
const NO_QUOTE = "No quote has this link.";
export const EXPIRED_MESSAGE = `This quote has expired and can no longer be accepted online. Please call us at ${site.phone.display}.`;

function quoteAnswer(outcome: QuoteOutcome, created = false): Response {
  switch (outcome.status) {
    case "done":
      return jsonResponse({ quote: outcome.quote }, created ? 201 : 200);
    case "not-found":
      return jsonError(404, NOT_FOUND);
    case "invalid":
      return jsonError(400, "Some fields are invalid.", { fields: outcome.fields });
    case "refused":
      return jsonResponse({ error: outcome.message, quote: outcome.quote }, 409);
  }
}

type IdAndBody<T> = { ok: true; id: number; data: T } | { ok: false; response: Response };

/** The row id of the path and the JSON body read against `schema`: 400 for a malformed id or a bad field, as every route here. */
async function idAndBody<S extends z.ZodMiniType>(request: Request, rawId: string | undefined, schema: S): Promise<IdAndBody<z.output<S>>> {
  const id = parseRowId(rawId);
  if (id === null) return { ok: false, response: jsonError(400, MALFORMED_ID) };
  const body = await readJsonBody(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { ok: false, response: validationError(parsed.error as ValidationIssues) };
  return { ok: true, id, data: parsed.data };
}

/** GET /api/admin/quote-catalog → { items: [{ id, name, unitCents, billing }] }. */
export const quoteCatalogRoute = adminRoute(async () => jsonResponse({ items: quoteCatalog.map(({ id, name, unitCents, billing }) => ({ id, name, unitCents, billing })) }));

/** POST /api/admin/leads/{id}/quotes → 201 { quote }. */
export const quoteCreateRoute = adminRoute(
  async ({ request, params, audit }) => {
    const input = await idAndBody(request, params.id, quoteCreateSchema);
    if (!input.ok) return input.response;
    return quoteAnswer(await createQuote(input.id, input.data, Date.now(), audit), true);
  },
  { mutates: true },
);

/** GET /api/admin/quotes/{id} → { quote }. */
export const quoteReadRoute = adminRoute(async ({ params }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, MALFORMED_ID);
  const quote = await loadQuote(await getDb(), id, Date.now());
  return quote ? jsonResponse({ quote }) : jsonError(404, NOT_FOUND);
});

/** PATCH /api/admin/quotes/{id} → { quote }; 409 once sent or accepted. */
export const quotePatchRoute = adminRoute(
  async ({ request, params, audit }) => {
    const input = await idAndBody(request, params.id, quotePatchSchema);
    if (!input.ok) return input.response;
    return quoteAnswer(await updateQuote(input.id, input.data, Date.now(), audit));
  },
  { mutates: true },
);

/** POST /api/admin/quotes/{id}/send → { quote, url, delivery, mailto }. */
export const quoteSendRoute = adminRoute(
  async ({ params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const outcome = await sendQuote(id, Date.now(), audit);
    if (outcome.status === "not-found") return jsonError(404, NOT_FOUND);
    if (outcome.status === "refused") return jsonResponse({ error: outcome.message, quote: outcome.quote }, 409);
    if (outcome.delivery === "queued") kickOutbox();
    return jsonResponse({ quote: outcome.quote, url: outcome.url, delivery: outcome.delivery, mailto: outcome.mailto });
  },
  { mutates: true },
);

/** POST /api/admin/quotes/{id}/revise → 201 { quote } (the new version). */
export const quoteReviseRoute = adminRoute(
  async ({ params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    return quoteAnswer(await reviseQuote(id, Date.now(), audit), true);
  },
  { mutates: true },
);

/** POST /api/admin/quotes/{id}/accept-by-phone { name, optionalLineIds } → { quote }. */
export const quotePhoneAcceptRoute = adminRoute(
  async ({ request, params, audit }) => {
    const input = await idAndBody(request, params.id, quotePhoneAcceptSchema);
    if (!input.ok) return input.response;
    const outcome = await acceptQuoteByPhone(input.id, input.data, { ip: null, userAgent: request.headers.get("user-agent") }, Date.now(), audit);
    return quoteAnswer(outcome.status === "accepted" ? { status: "done", quote: outcome.quote } : outcome);
  },
  { mutates: true },
);

async function guarded(label: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error(`[quotes] ${label} failed:`, error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** The owner looking at a customer's link is not the customer viewing it. */
export async function isOwnerRequest(request: Request): Promise<boolean> {
  return (await validateAdminSession(readSessionToken(request))) !== null;
}

/** 404 for a bad link, 410 once expired (call us), 409 once accepted, declined or replaced (with the newer number). */
export function refusalAnswer(refusal: PublicRefusal | Exclude<PublicRead, { status: "open" }>): Response {
  switch (refusal.status) {
    case "not-found":
      return jsonError(404, NO_QUOTE);
    case "expired":
      return jsonResponse({ error: EXPIRED_MESSAGE, phone: site.phone.display, quote: refusal.quote }, 410);
    case "closed": {
      const error = refusal.reason === "replaced" ? `This quote was replaced by ${refusal.replacedBy ?? "a newer version"}.` : refusal.reason === "accepted" ? "This quote was accepted already." : "This quote was declined.";
      return jsonResponse({ error, reason: refusal.reason, replacedBy: refusal.replacedBy, quote: refusal.quote }, 409);
    }
  }
}

/** `?latest=1`: an old link stands for the newest version sent since. */
export function wantsLatest(request: Request): boolean {
  return new URL(request.url).searchParams.get("latest") === "1";
}

/** GET /api/quotes/{token} → { number, status, validUntil, lines, totals, … }. */
export async function publicQuoteRoute({ request, params }: RouteContext): Promise<Response> {
  return guarded("read", async () => {
    const read = await readQuoteByToken(params.token, Date.now(), await isOwnerRequest(request), wantsLatest(request));
    return read.status === "open" ? jsonResponse(read.quote) : refusalAnswer(read);
  });
}

/** POST /api/quotes/{token}/accept { name, consent: true, optionalLineIds } → the accepted quote. */
export async function publicAcceptRoute({ request, params, clientAddress: socketAddress }: RouteContext & { clientAddress?: string }): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = quoteAcceptSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error as ValidationIssues);
  return guarded("accept", async () => {
    const outcome = await acceptQuoteByToken({ token: params.token, latest: wantsLatest(request) }, parsed.data, { ip: clientAddress(request.headers, socketAddress), userAgent: request.headers.get("user-agent") });
    if (outcome.status === "accepted") {
      kickOutbox();
      return jsonResponse(outcome.quote);
    }
    if (outcome.status === "invalid") return jsonError(400, "Some fields are invalid.", { fields: outcome.fields });
    return refusalAnswer(outcome);
  });
}

/** POST /api/quotes/{token}/decline { reason } → the declined quote. */
export async function publicDeclineRoute({ request, params }: RouteContext): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = quoteDeclineSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error as ValidationIssues);
  return guarded("decline", async () => {
    const outcome = await declineQuoteByToken({ token: params.token, latest: wantsLatest(request) }, parsed.data.reason);
    return outcome.status === "declined" ? jsonResponse(outcome.quote) : refusalAnswer(outcome);
  });
}

function pdfResponse(pdf: { bytes: Buffer; filename: string }, disposition: "inline" | "attachment"): Response {
  return new Response(new Uint8Array(pdf.bytes), { headers: { "Content-Type": "application/pdf", "Content-Disposition": `${disposition}; filename="${pdf.filename}"`, "Cache-Control": "no-store" } });
}

/** GET /api/quotes/{token}/pdf: the customer's copy to keep (signed once accepted); never counts as a view. */
export async function publicQuotePdfRoute({ request, params }: RouteContext): Promise<Response> {
  return guarded("pdf", async () => {
    const found = await quoteIdByLink(params.token, wantsLatest(request));
    if (found.status === "not-found") return jsonError(404, NO_QUOTE);
    if (found.status === "replaced") return jsonError(409, "This quote was replaced by a newer version: its page links to it.");
    const pdf = await quotePdf(found.id);
    return pdf ? pdfResponse(pdf, "attachment") : jsonError(404, NO_QUOTE);
  });
}

/** GET /api/admin/quotes/{id}/pdf: the quote as a PDF; once accepted, with its signature. */
export const quotePdfRoute = adminRoute(async ({ params }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, MALFORMED_ID);
  const pdf = await quotePdf(id);
  if (!pdf) return jsonError(404, NOT_FOUND);
  return pdfResponse(pdf, "inline");
});

/** GET /api/admin/leads/{id}/quote-draft → { lines }: a new quote's lines from the lead's survey (empty without one). */
export const quoteDraftRoute = adminRoute(async ({ params }) => {
  const leadId = parseRowId(params.id);
  if (leadId === null) return jsonError(400, MALFORMED_ID);
  return jsonResponse({ lines: await quoteDraftLines(leadId) });
});

/** GET /api/admin/today/quotes → { items }: open quotes the customer viewed, or that end within three days. */
export const quotesToChaseRoute = adminRoute(async () => jsonResponse(await quotesToChase()));

/** GET /api/admin/quote-settings → { terms, taxRate }: what new quotes start with. */
export const quoteSettingsReadRoute = adminRoute(async () => jsonResponse(await readQuoteSettings(await getDb())));

/** PUT /api/admin/quote-settings { terms, taxRate } → the same; quotes made before keep their own terms. */
export const quoteSettingsWriteRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = quoteSettingsSchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error as ValidationIssues);
    const db = await getDb();
    await db.transaction().execute(async (trx) => {
      await saveQuoteSettings(trx, parsed.data);
      await audit({ action: "quote.settings_changed" }, trx);
    });
    return jsonResponse(parsed.data);
  },
  { mutates: true },
);
