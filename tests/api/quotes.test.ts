import { createHash } from "node:crypto";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as leadQuotesEndpoint from "@/pages/api/admin/leads/[id]/quotes";
import * as catalogEndpoint from "@/pages/api/admin/quote-catalog";
import * as settingsEndpoint from "@/pages/api/admin/quote-settings";
import * as draftEndpoint from "@/pages/api/admin/leads/[id]/quote-draft";
import * as surveyEndpoint from "@/pages/api/survey";
import * as quoteEndpoint from "@/pages/api/admin/quotes/[id]";
import * as sendEndpoint from "@/pages/api/admin/quotes/[id]/send";
import * as reviseEndpoint from "@/pages/api/admin/quotes/[id]/revise";
import * as phoneAcceptEndpoint from "@/pages/api/admin/quotes/[id]/accept-by-phone";
import * as pdfEndpoint from "@/pages/api/admin/quotes/[id]/pdf";
import * as publicEndpoint from "@/pages/api/quotes/[token]";
import * as acceptEndpoint from "@/pages/api/quotes/[token]/accept";
import * as declineEndpoint from "@/pages/api/quotes/[token]/decline";
import * as todayQuotesEndpoint from "@/pages/api/admin/today/quotes";
import * as publicPdfEndpoint from "@/pages/api/quotes/[token]/pdf";
import { site } from "@/content/site";
import type { LeadDetail } from "@/lib/lead-desk";
import type { PublicQuote, Quote, QuoteToChase } from "@/lib/quotes/quote-types";
import { getDb } from "@/server/db/connection";
import { eraseLead } from "@/server/leads/erase-lead";
import { listOutbox } from "@/server/mail/mail-outbox";
import { callEndpoint, jsonRequest, validSurvey } from "../support/api-request";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { pdfText } from "../support/pdf-text";
import { describeEachEngine } from "../support/test-database";

const ORIGIN = site.url;
/** Tuesday 2026-12-01, 10 AM in New York. */
const NOW = Date.parse("2026-12-01T15:00:00Z");

beforeEach(() => {
  process.env.TRUST_PROXY_HOPS = "1";
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const LINES = [
  { catalogId: "cable-drop", description: "Network cable drop", quantity: 4, unitCents: 17_500, billing: "one-time", taxRate: 600 },
  { catalogId: "voip-seat", description: "VoIP phone line, per seat", quantity: 6, unitCents: 2_900, billing: "monthly" },
  { catalogId: "guest-wifi", description: "Guest Wi-Fi", quantity: 1, unitCents: 39_900, billing: "one-time", optional: true },
];

async function newLead(token: string, n = 1, email = `owner${n}@example.com`): Promise<number> {
  const lead = await deskJson<{ id: number }>(await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, origin: ORIGIN, body: { name: `Customer ${n}`, email, source: "phone" } }), 201);
  return lead.id;
}

async function createQuote(token: string, leadId: number, body: unknown = { lines: LINES }): Promise<Quote> {
  return (await deskJson<{ quote: Quote }>(await deskCall(leadQuotesEndpoint.POST, "POST", `/api/admin/leads/${leadId}/quotes`, { token, origin: ORIGIN, params: { id: String(leadId) }, body }), 201)).quote;
}

const adminPost = (handler: typeof sendEndpoint.POST, path: string, token: string, id: number, body?: unknown) => deskCall(handler, "POST", path.replace("{id}", String(id)), { token, origin: ORIGIN, params: { id: String(id) }, body });
const send = (token: string, id: number) => adminPost(sendEndpoint.POST, "/api/admin/quotes/{id}/send", token, id);
const patch = (token: string, id: number, body: unknown) => deskCall(quoteEndpoint.PATCH, "PATCH", `/api/admin/quotes/${id}`, { token, origin: ORIGIN, params: { id: String(id) }, body });
const lead = async (token: string, id: number) => deskJson<LeadDetail>(await deskCall(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, { token, params: { id: String(id) } }));

/** Runs `work` with SMTP configured (the outbox queues e-mails; nothing is sent in these tests). */
async function withSmtp(work: () => Promise<void>): Promise<void> {
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  process.env.MAIL_FROM = "website@example.com";
  process.env.LEADS_TO = "owner@example.com";
  try {
    await work();
  } finally {
    for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO"]) delete process.env[name];
  }
}

const tokenOf = (url: string) => url.split("/").at(-1)!;
const publicGet = (token: string) => callEndpoint(publicEndpoint.GET)(new Request(`http://127.0.0.1:3000/api/quotes/${token}`), { token });
const accept = (token: string, body: unknown, headers: Record<string, string> = {}) => callEndpoint(acceptEndpoint.POST)(jsonRequest(`/api/quotes/${token}/accept`, body, { address: "198.51.100.23", headers: { "user-agent": "Phone Browser 1.0", ...headers } }), { token });
const decline = (token: string, body: unknown) => callEndpoint(declineEndpoint.POST)(jsonRequest(`/api/quotes/${token}/decline`, body), { token });

describeEachEngine("quotes", () => {
  it("lists the catalogue, builds a draft in integer cents, refuses bad lines field by field, and adds the quote to the lead's answer", async () => {
    const token = await deskSession();
    const catalog = await deskJson<{ items: { id: string; unitCents: number; billing: string }[] }>(await deskCall(catalogEndpoint.GET, "GET", "/api/admin/quote-catalog", { token }));
    expect(catalog.items.find((item) => item.id === "voip-seat")).toEqual({ id: "voip-seat", name: "VoIP phone line, per seat", unitCents: 2_900, billing: "monthly" });

    const leadId = await newLead(token);
    const bad = await deskCall(leadQuotesEndpoint.POST, "POST", `/api/admin/leads/${leadId}/quotes`, { token, origin: ORIGIN, params: { id: String(leadId) }, body: { lines: [{ description: "", quantity: 1.5, unitCents: 19.99, billing: "yearly" }] } });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(["lines"]);
    expect((await deskCall(leadQuotesEndpoint.POST, "POST", "/api/admin/leads/99999/quotes", { token, origin: ORIGIN, params: { id: "99999" }, body: { lines: LINES } })).status).toBe(404);
    expect((await deskCall(leadQuotesEndpoint.POST, "POST", `/api/admin/leads/${leadId}/quotes`, { token, origin: ORIGIN, params: { id: String(leadId) }, body: { lines: LINES, validUntil: "2026-11-30" } })).status).toBe(400);

    const quote = await createQuote(token, leadId, { lines: LINES, note: "As discussed on the phone.", discountCents: 1_000 });
    expect(quote).toMatchObject({ number: "Q-2026-0001", revision: "A", status: "draft", validUntil: "2026-12-31", expiresAt: "2027-01-01T05:00:00.000Z", note: "As discussed on the phone." });
    // 4 × $175 + 6 % tax − $10 one-time; 6 × $29 monthly; the optional Wi-Fi is not counted until ticked.
    expect(quote.totals).toMatchObject({ oneTimeSubtotalCents: 70_000, oneTimeTaxCents: 4_200, discountCents: 1_000, oneTimeCents: 73_200, monthlyCents: 17_400 });
    expect(quote.lines.map((line) => [line.optional, line.selected])).toEqual([
      [false, true],
      [false, true],
      [true, false],
    ]);

    const edited = await deskJson<{ quote: Quote }>(await patch(token, quote.id, { lines: LINES.slice(0, 2), discountCents: 0 }));
    expect(edited.quote.totals.oneTimeCents).toBe(74_200);
    const detail = await lead(token, leadId);
    expect(detail.quotes.map((item) => item.number)).toEqual(["Q-2026-0001"]);
    expect(detail.timeline.find((entry) => entry.type === "quote")).toMatchObject({ type: "quote", number: "Q-2026-0001", action: "created" });
  });

  it("sends with a private link (copy-link and mailto without SMTP), moves the lead to Quoted, never edits a sent quote, and revises it into -B", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId);
    const sent = await deskJson<{ quote: Quote; url: string; delivery: string; mailto: string }>(await send(token, quote.id));
    expect(sent.delivery).toBe("link");
    expect(sent.url).toMatch(new RegExp(`^${site.url}/quote/[A-Za-z0-9_-]{43}$`));
    expect(sent.mailto).toContain("mailto:owner1%40example.com?subject=Quote%20Q-2026-0001");
    expect(decodeURIComponent(sent.mailto)).toContain(sent.url);
    expect(sent.quote.status).toBe("sent");
    // Only the hash of the link's token is stored.
    const db = await getDb();
    const stored = await db.selectFrom("quotes").select("token_hash").where("id", "=", quote.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash("sha256").update(tokenOf(sent.url)).digest("hex"));

    const detail = await lead(token, leadId);
    expect(detail.status).toBe("quoted");
    expect(detail.timeline.some((entry) => entry.type === "quote" && entry.action === "sent" && entry.number === "Q-2026-0001")).toBe(true);

    const refused = await patch(token, quote.id, { note: "changed" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("never edited");

    const revised = await deskJson<{ quote: Quote }>(await adminPost(reviseEndpoint.POST, "/api/admin/quotes/{id}/revise", token, quote.id), 201);
    expect(revised.quote).toMatchObject({ number: "Q-2026-0001-B", revision: "B", status: "draft" });
    expect(revised.quote.lines).toHaveLength(3);
    const old = await deskJson<{ quote: Quote }>(await deskCall(quoteEndpoint.GET, "GET", `/api/admin/quotes/${quote.id}`, { token, params: { id: String(quote.id) } }));
    expect(old.quote).toMatchObject({ status: "replaced", replacedBy: "Q-2026-0001-B" });
    // The old link says it was replaced, and by which version.
    const oldLink = await publicGet(tokenOf(sent.url));
    expect(oldLink.status).toBe(409);
    expect(await oldLink.json()).toMatchObject({ reason: "replaced", replacedBy: "Q-2026-0001-B" });
    // Once -B is sent, the old link's ?latest=1 shows it.
    await deskJson(await send(token, revised.quote.id));
    const latest = await callEndpoint(publicEndpoint.GET)(new Request(`http://127.0.0.1:3000/api/quotes/${tokenOf(sent.url)}?latest=1`), { token: tokenOf(sent.url) });
    expect(await latest.json()).toMatchObject({ number: "Q-2026-0001-B", status: "viewed" });
  });

  it("lets the customer view, tick an option and accept by POST: a signed record, the lead Won with its values, the quote locked", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId);
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);

    const seen = await publicGet(link);
    expect(seen.status).toBe(200);
    const shown = (await seen.json()) as PublicQuote;
    expect(shown).toMatchObject({ number: "Q-2026-0001", status: "viewed", validUntil: "2026-12-31", totals: { oneTimeCents: 74_200, monthlyCents: 17_400 } });
    await publicGet(link);
    // Viewing is on the timeline once a day.
    expect((await lead(token, leadId)).timeline.filter((entry) => entry.type === "quote" && entry.action === "viewed")).toHaveLength(1);

    // The list and the board show the open quote's value (its required lines).
    const listed = async () => (await deskJson<{ items: { id: number; openQuote: unknown }[] }>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }))).items.find((item) => item.id === leadId)!.openQuote;
    expect(await listed()).toEqual({ number: "Q-2026-0001", oneTimeCents: 74_200, monthlyCents: 17_400 });
    const wifi = shown.lines.find((line) => line.optional)!;
    expect((await accept(link, { name: "Dana Whitfield", consent: false, optionalLineIds: [wifi.id] })).status).toBe(400);
    expect((await accept(link, { name: "Dana Whitfield", consent: true, optionalLineIds: [shown.lines[0]!.id] })).status).toBe(400);
    // A scanner's GET of the accept link does nothing.
    expect((await callEndpoint(acceptEndpoint.ALL)(new Request(`http://127.0.0.1:3000/api/quotes/${link}/accept`), { token: link })).status).toBe(405);

    vi.setSystemTime(NOW + 60_000);
    const accepted = await accept(link, { name: "Dana Whitfield", consent: true, optionalLineIds: [wifi.id] });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: "accepted", acceptedName: "Dana Whitfield", totals: { oneTimeCents: 114_100, monthlyCents: 17_400 } });

    const db = await getDb();
    const record = await db.selectFrom("quote_acceptances").selectAll().where("quote_id", "=", quote.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ typed_name: "Dana Whitfield", accepted_by: "customer", ip: "198.51.100.23", user_agent: "Phone Browser 1.0", options: JSON.stringify([wifi.id]) });
    expect(Number(record.accepted_at)).toBe(NOW + 60_000);
    expect(Number(record.one_time_cents)).toBe(114_100);
    expect(record.snapshot_sha256).toBe(createHash("sha256").update(record.snapshot).digest("hex"));
    const snapshot = JSON.parse(record.snapshot) as PublicQuote;
    expect(snapshot.lines.find((line) => line.id === wifi.id)?.selected).toBe(true);
    expect(record.terms).toBe(shown.terms);
    expect(record.consent_text).toContain("I agree");

    expect(await listed()).toBeNull();
    const won = await lead(token, leadId);
    expect(won.status).toBe("won");
    const row = await db.selectFrom("leads").select(["won_at", "won_one_time_cents", "won_monthly_cents"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    expect([Number(row.won_at), Number(row.won_one_time_cents), Number(row.won_monthly_cents)]).toEqual([NOW + 60_000, 114_100, 17_400]);
    expect(won.timeline.some((entry) => entry.type === "quote" && entry.action === "accepted" && entry.by === "customer")).toBe(true);

    // Locked: an edit, a second acceptance, a decline and a revision all answer 409.
    expect((await patch(token, quote.id, { note: "late change" })).status).toBe(409);
    expect((await accept(link, { name: "Someone Else", consent: true })).status).toBe(409);
    expect((await decline(link, { reason: "changed my mind" })).status).toBe(409);
    expect((await adminPost(reviseEndpoint.POST, "/api/admin/quotes/{id}/revise", token, quote.id)).status).toBe(409);
    expect((await publicGet("x".repeat(43))).status).toBe(404);
    expect((await publicGet("short")).status).toBe(404);
  });

  it("expires at the end of its last day in New York: open at 23:59:59.999, 410 with the phone at midnight; the owner can still record a yes by phone", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId, { lines: LINES, validUntil: "2026-12-10" });
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);

    vi.setSystemTime(Date.parse("2026-12-11T04:59:59.999Z"));
    expect((await publicGet(link)).status).toBe(200);
    vi.setSystemTime(Date.parse("2026-12-11T05:00:00.000Z"));
    const expired = await publicGet(link);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: string }).error).toContain(site.phone.display);
    expect((await accept(link, { name: "Dana Whitfield", consent: true })).status).toBe(410);

    // The owner signs in again (the session of ten days ago has expired).
    const later = await deskSession();
    const byPhone = await deskJson<{ quote: Quote }>(await adminPost(phoneAcceptEndpoint.POST, "/api/admin/quotes/{id}/accept-by-phone", later, quote.id, { name: "Dana Whitfield" }));
    expect(byPhone.quote).toMatchObject({ status: "accepted", acceptedBy: "owner", acceptedName: "Dana Whitfield" });
    const db = await getDb();
    expect((await db.selectFrom("quote_acceptances").select("accepted_by").where("quote_id", "=", quote.id).executeTakeFirstOrThrow()).accepted_by).toBe("owner");
    expect((await lead(later, leadId)).timeline.some((entry) => entry.type === "quote" && entry.action === "accepted" && entry.by === "owner")).toBe(true);
  });

  it("puts on Today the open quotes the customer viewed and those ending within three days, the soonest first, and drops them once they end", async () => {
    let token = await deskSession();
    const toChase = async () => (await deskJson<{ items: QuoteToChase[] }>(await deskCall(todayQuotesEndpoint.GET, "GET", "/api/admin/today/quotes", { token }))).items;
    // Sent, valid 30 days, not viewed: not yet something to chase.
    const quiet = await createQuote(token, await newLead(token, 1));
    await send(token, quiet.id);
    // Sent, ends on Friday 2026-12-04: three days after today (Tuesday).
    const ending = await createQuote(token, await newLead(token, 2), { lines: LINES, validUntil: "2026-12-04" });
    await send(token, ending.id);
    // Ends on Saturday: four days away, not yet.
    const later = await createQuote(token, await newLead(token, 3), { lines: LINES, validUntil: "2026-12-05" });
    await send(token, later.id);
    // Viewed by the customer.
    const viewed = await createQuote(token, await newLead(token, 4));
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, viewed.id))).url);
    // A draft is never on Today, even one ending tomorrow.
    await createQuote(token, await newLead(token, 5), { lines: LINES, validUntil: "2026-12-02" });

    expect((await toChase()).map((item) => item.number)).toEqual(["Q-2026-0002"]);
    vi.setSystemTime(NOW + 60_000);
    expect((await publicGet(link)).status).toBe(200);
    const items = await toChase();
    expect(items.map((item) => [item.number, item.daysLeft, item.viewedAt])).toEqual([
      ["Q-2026-0002", 3, null],
      ["Q-2026-0004", 30, new Date(NOW + 60_000).toISOString()],
    ]);
    expect(items[0]).toMatchObject({ name: "Customer 2", oneTimeCents: 74_200, monthlyCents: 17_400, validUntil: "2026-12-04" });

    // Friday evening in New York: the last hours of the Friday quote; Saturday's comes in.
    vi.setSystemTime(Date.parse("2026-12-04T23:00:00Z"));
    token = await deskSession();
    expect((await toChase()).map((item) => [item.number, item.daysLeft])).toEqual([
      ["Q-2026-0002", 0],
      ["Q-2026-0003", 1],
      ["Q-2026-0004", 27],
    ]);
    // Midnight in New York: the Friday quote has ended and leaves Today; an accepted one leaves too.
    vi.setSystemTime(Date.parse("2026-12-05T05:00:00Z"));
    token = await deskSession();
    await deskJson(await adminPost(phoneAcceptEndpoint.POST, "/api/admin/quotes/{id}/accept-by-phone", token, viewed.id, { name: "Customer 4" }));
    expect((await toChase()).map((item) => [item.number, item.daysLeft])).toEqual([["Q-2026-0003", 0]]);
    expect((await deskCall(todayQuotesEndpoint.GET, "GET", "/api/admin/today/quotes", {})).status).toBe(401);
  });

  it("counts the days to a quote's end on New York's calendar across the night the clocks go forward", async () => {
    // Saturday 2027-03-13, 11:30 PM in New York (EST); the clocks go forward at 2 AM on Sunday, so that day has 23 hours
    // and four days of 24 hours would reach past the fourth day's midnight.
    vi.setSystemTime(Date.parse("2027-03-14T04:30:00Z"));
    const token = await deskSession();
    const inThree = await createQuote(token, await newLead(token, 1), { lines: LINES, validUntil: "2027-03-16" });
    await send(token, inThree.id);
    const inFour = await createQuote(token, await newLead(token, 2), { lines: LINES, validUntil: "2027-03-17" });
    await send(token, inFour.id);
    const items = (await deskJson<{ items: QuoteToChase[] }>(await deskCall(todayQuotesEndpoint.GET, "GET", "/api/admin/today/quotes", { token }))).items;
    expect(items.map((item) => [item.validUntil, item.daysLeft])).toEqual([["2027-03-16", 3]]);
  });

  it("records a decline with its reason", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId);
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);
    expect((await decline(link, { reason: "" })).status).toBe(400);
    const declined = await decline(link, { reason: "Went with the cable company." });
    expect(declined.status).toBe(200);
    const after = await deskJson<{ quote: Quote }>(await deskCall(quoteEndpoint.GET, "GET", `/api/admin/quotes/${quote.id}`, { token, params: { id: String(quote.id) } }));
    expect(after.quote).toMatchObject({ status: "declined", declinedReason: "Went with the cable company." });
  });

  it("prefills a draft from the lead's survey: the package as lines, add-ons optional, phones and devices as quantities", async () => {
    const token = await deskSession();
    expect((await callEndpoint(surveyEndpoint.POST)(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    const db = await getDb();
    const survey = await db.selectFrom("survey_submissions").select("lead_id").executeTakeFirstOrThrow();
    const leadId = Number(survey.lead_id);
    const draft = await deskJson<{ lines: { catalogId: string; quantity: number; optional: boolean }[] }>(await deskCall(draftEndpoint.GET, "GET", `/api/admin/leads/${leadId}/quote-draft`, { token, params: { id: String(leadId) } }));
    // 12 people, 40 devices, public Wi-Fi, 6 phones, asked about VoIP and Starlink (tests/support/api-request.ts).
    expect(draft.lines.map((line) => [line.catalogId, line.quantity, line.optional])).toEqual([
      ["managed-internet", 1, false],
      ["failover-router", 1, false],
      ["guest-wifi", 1, true],
      ["voip-seat", 6, true],
      ["desk-phone", 6, true],
      ["starlink-install", 1, true],
    ]);
    const quote = await createQuote(token, leadId, { lines: draft.lines });
    expect(quote.lines).toHaveLength(6);
    const noSurvey = await newLead(token);
    expect((await deskJson<{ lines: unknown[] }>(await deskCall(draftEndpoint.GET, "GET", `/api/admin/leads/${noSurvey}/quote-draft`, { token, params: { id: String(noSurvey) } }))).lines).toEqual([]);
  });

  it("takes new quotes' terms and default tax rate from the settings; a quote keeps the terms it was made with", async () => {
    const token = await deskSession();
    const defaults = await deskJson<{ terms: string; taxRate: number }>(await deskCall(settingsEndpoint.GET, "GET", "/api/admin/quote-settings", { token }));
    expect(defaults.taxRate).toBe(0);
    const leadId = await newLead(token);
    const before = await createQuote(token, leadId);
    expect(before.terms).toBe(defaults.terms);
    expect((await deskCall(settingsEndpoint.PUT, "PUT", "/api/admin/quote-settings", { token, origin: ORIGIN, body: { terms: "", taxRate: 20_000 } })).status).toBe(400);
    await deskJson(await deskCall(settingsEndpoint.PUT, "PUT", "/api/admin/quote-settings", { token, origin: ORIGIN, body: { terms: "Net 15. Monthly services for 12 months.", taxRate: 825 } }));
    const after = await createQuote(token, leadId, { lines: [{ description: "Install", quantity: 1, unitCents: 1_000, billing: "one-time" }] });
    expect(after.terms).toBe("Net 15. Monthly services for 12 months.");
    expect(after.lines[0]!.taxRate).toBe(825);
    expect(after.totals.oneTimeTaxCents).toBe(83);
    const reread = await deskJson<{ quote: Quote }>(await deskCall(quoteEndpoint.GET, "GET", `/api/admin/quotes/${before.id}`, { token, params: { id: String(before.id) } }));
    expect(reread.quote.terms).toBe(defaults.terms);
  });

  it("numbers 20 concurrent creations Q-2026-0001 to Q-2026-0020, each once", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quotes = await Promise.all(Array.from({ length: 20 }, () => createQuote(token, leadId)));
    const numbers = quotes.map((quote) => quote.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `Q-2026-${String(index + 1).padStart(4, "0")}`));
  });

  it("e-mails the private link through the outbox when SMTP is set", async () => {
    await withSmtp(async () => {
      const token = await deskSession();
      const leadId = await newLead(token);
      const quote = await createQuote(token, leadId);
      const sent = await deskJson<{ url: string; delivery: string }>(await send(token, quote.id));
      expect(sent.delivery).toBe("queued");
      const [message] = (await listOutbox()).filter((item) => item.kind === "quote");
      expect(message?.payload).toMatchObject({ to: "owner1@example.com", subject: `Quote Q-2026-0001 from ${site.name}` });
      expect(message?.payload.text).toContain(sent.url);
    });
  });

  it("erases a lead's quotes and acceptance records with the lead", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId);
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);
    expect((await accept(link, { name: "Dana Whitfield", consent: true })).status).toBe(200);
    await eraseLead(leadId);
    const db = await getDb();
    for (const table of ["quotes", "quote_lines", "quote_acceptances"] as const) {
      expect(await db.selectFrom(table).select("id").execute()).toEqual([]);
    }
  });
});

describeEachEngine("quote PDFs", () => {
  it("renders the quote as a PDF whose text reads back, and e-mails the signed PDF (name and time) to the customer and the owner", async () => {
    await withSmtp(async () => {
      const token = await deskSession();
      const leadId = await newLead(token);
      const quote = await createQuote(token, leadId);
      const unsigned = await deskCall(pdfEndpoint.GET, "GET", `/api/admin/quotes/${quote.id}/pdf`, { token, params: { id: String(quote.id) } });
      expect(unsigned.status).toBe(200);
      expect(unsigned.headers.get("content-type")).toBe("application/pdf");
      const draftText = await pdfText(new Uint8Array(await unsigned.arrayBuffer()));
      for (const expected of ["Quote Q-2026-0001", "For: Customer 1", "Network cable drop", "VoIP phone line, per seat", "Guest Wi-Fi (optional)", "One-time total: $742.00", "Monthly total: $174.00 per month", "Terms"]) expect(draftText).toContain(expected);
      expect(draftText).not.toContain("Accepted by");

      const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);
      const wifi = quote.lines.find((line) => line.optional)!;
      expect((await accept(link, { name: "Dana Whitfield", consent: true, optionalLineIds: [wifi.id] })).status).toBe(200);
      const signed = (await listOutbox()).filter((item) => item.kind === "quote" && item.payload.attachments?.length);
      expect(signed.map((item) => item.payload.to).sort()).toEqual(["owner1@example.com", "owner@example.com"]);
      const attachment = signed[0]!.payload.attachments![0]!;
      expect(attachment).toMatchObject({ filename: "Q-2026-0001-signed.pdf", contentType: "application/pdf" });
      const text = await pdfText(Buffer.from(attachment.contentBase64, "base64"));
      for (const expected of ["Quote Q-2026-0001", "Network cable drop", "Guest Wi-Fi (option chosen)", "One-time total: $1,141.00", "Monthly total: $174.00 per month", "Accepted by Dana Whitfield", "On 2026-12-01T15:00:00.000Z (UTC)"]) expect(text).toContain(expected);
      const record = await (await getDb()).selectFrom("quote_acceptances").select("snapshot_sha256").where("quote_id", "=", quote.id).executeTakeFirstOrThrow();
      expect(text).toContain(record.snapshot_sha256);
      const fromDesk = await pdfText(new Uint8Array(await (await deskCall(pdfEndpoint.GET, "GET", `/api/admin/quotes/${quote.id}/pdf`, { token, params: { id: String(quote.id) } })).arrayBuffer()));
      expect(fromDesk).toContain("Accepted by Dana Whitfield");
    });
  });

  it("lets the customer download their quote's PDF by its link (signed once accepted), never as a view, and refuses bad, draft and replaced links", async () => {
    const token = await deskSession();
    const leadId = await newLead(token);
    const quote = await createQuote(token, leadId);
    const customerPdf = (link: string, query = "") => callEndpoint(publicPdfEndpoint.GET)(new Request(`http://127.0.0.1:3000/api/quotes/${link}/pdf${query}`), { token: link });
    const link = tokenOf((await deskJson<{ url: string }>(await send(token, quote.id))).url);

    const sent = await customerPdf(link);
    expect(sent.status).toBe(200);
    expect(sent.headers.get("content-type")).toBe("application/pdf");
    expect(sent.headers.get("content-disposition")).toBe('attachment; filename="Q-2026-0001.pdf"');
    const text = await pdfText(new Uint8Array(await sent.arrayBuffer()));
    for (const expected of ["Quote Q-2026-0001", "Network cable drop", "One-time total: $742.00"]) expect(text).toContain(expected);
    // Downloading is not viewing: the quote stays Sent and the timeline has no view.
    expect((await lead(token, leadId)).timeline.some((entry) => entry.type === "quote" && entry.action === "viewed")).toBe(false);

    expect((await customerPdf("x".repeat(43))).status).toBe(404);
    expect((await customerPdf("short")).status).toBe(404);

    // A revision replaces it: the old link's PDF is refused, the old link with ?latest=1 follows to the new version once it is sent.
    const revised = await deskJson<{ quote: Quote }>(await adminPost(reviseEndpoint.POST, "/api/admin/quotes/{id}/revise", token, quote.id), 201);
    expect((await customerPdf(link)).status).toBe(409);
    expect((await customerPdf(link, "?latest=1")).status).toBe(409);
    const newLink = tokenOf((await deskJson<{ url: string }>(await send(token, revised.quote.id))).url);
    const latest = await customerPdf(link, "?latest=1");
    expect(latest.headers.get("content-disposition")).toBe('attachment; filename="Q-2026-0001-B.pdf"');

    expect((await accept(newLink, { name: "Dana Whitfield", consent: true })).status).toBe(200);
    const signed = await customerPdf(newLink);
    expect(signed.headers.get("content-disposition")).toBe('attachment; filename="Q-2026-0001-B-signed.pdf"');
    expect(await pdfText(new Uint8Array(await signed.arrayBuffer()))).toContain("Accepted by Dana Whitfield");
  });
});
