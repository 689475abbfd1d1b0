import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as leadsReportEndpoint from "@/pages/api/admin/reports/leads";
import * as speedReportEndpoint from "@/pages/api/admin/reports/speed";
import type { LeadReportRow, SpeedReportRow } from "@/lib/reports";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { getDb } from "@/server/db/connection";
import { logCall, updateLead } from "@/server/leads/lead-changes";
import { callEndpoint, validContact } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";

const ORIGIN = "http://127.0.0.1:3000";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A signed-in session planted at the current (possibly faked) time. */
async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

async function call(handler: APIRoute | undefined, path: string, token?: string, method = "GET"): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50" };
  if (token !== undefined) headers.cookie = `${SESSION_COOKIE}=${token}`;
  return callEndpoint(handler)(new Request(`${ORIGIN}${path}`, { method, headers }), {});
}

async function rowsOf<T>(response: Response): Promise<T[]> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { rows: T[] }).rows;
}

async function leadsBy(token: string, query: string): Promise<LeadReportRow[]> {
  return rowsOf<LeadReportRow>(await call(leadsReportEndpoint.GET, `/api/admin/reports/leads?${query}`, token));
}

async function speed(token: string, query: string): Promise<SpeedReportRow[]> {
  return rowsOf<SpeedReportRow>(await call(speedReportEndpoint.GET, `/api/admin/reports/speed?${query}`, token));
}

/** The body as sent, byte-order mark included (Response.text() drops it). */
async function csvText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

function at(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

let serial = 0;

/** A web lead whose first submission comes in at `iso`, through the one lead path; its id. */
async function leadAt(iso: string): Promise<{ id: number; submittedAt: number }> {
  serial += 1;
  at(iso);
  await submitLead("contact", { ...validContact, name: `Lead ${serial}`, email: `lead-${serial}@example.com`, phone: `864-555-${String(1000 + serial)}` });
  vi.useRealTimers();
  const db = await getDb();
  const lead = await db.selectFrom("leads").select(["id", "first_submitted_at"]).where("email_key", "=", `lead-${serial}@example.com`).executeTakeFirstOrThrow();
  return { id: lead.id, submittedAt: Number(lead.first_submitted_at) };
}

/** What the attribution and quick add set, which are not the reports' part. */
async function setLead(id: number, values: { first_channel?: string; service?: string | null; source?: "web" | "phone" | "walk-in" }): Promise<void> {
  const db = await getDb();
  await db.updateTable("leads").set(values).where("id", "=", id).execute();
}

async function move(id: number, status: "contacted" | "quoted" | "won" | "lost" | "spam" | "new", when: number): Promise<void> {
  const change = await updateLead(id, status === "lost" ? { status, lostReason: "price" } : { status }, when);
  expect(change).toBeDefined();
}

const RANGE = "from=2026-03-02&to=2026-04-05";

/**
 * The fixture (days in New York; DST starts on 2026-03-08):
 *  A  Mar 2 00:30 EST   Organic Search, managed-internet   contacted +1 h, quoted, won
 *  B  Mar 1 23:30 EST   (before the range)
 *  C  Mar 10            Organic Search, not stated          won straight from New at +3 h
 *  D  Mar 11            Paid Search, security-cameras       call at +30 min, then lost
 *  E  Mar 12            Paid Search                         contacted +5 min, then spam
 *  G  Mar 22 23:30 EDT  Referral, security-cameras          contacted +2 h
 *  H  Mar 31            Phone (added by hand), voip         quoted at +4 min
 *  I  Apr 1             Paid Search, managed-internet       contacted +10 min
 *  J  Apr 5 23:30 EDT   Unassigned, not stated              new
 *  K  Apr 6 00:30 EDT   (after the range)
 */
async function seedFixture(): Promise<void> {
  const a = await leadAt("2026-03-02T05:30:00Z");
  await setLead(a.id, { first_channel: "Organic Search" });
  await move(a.id, "contacted", a.submittedAt + HOUR);
  await move(a.id, "quoted", a.submittedAt + 2 * HOUR);
  await move(a.id, "won", a.submittedAt + 3 * HOUR);

  const b = await leadAt("2026-03-02T04:30:00Z");
  await setLead(b.id, { first_channel: "Organic Search" });

  const c = await leadAt("2026-03-10T15:00:00Z");
  await setLead(c.id, { first_channel: "Organic Search", service: null });
  await move(c.id, "won", c.submittedAt + 3 * HOUR);

  const d = await leadAt("2026-03-11T15:00:00Z");
  await setLead(d.id, { first_channel: "Paid Search", service: "security-cameras" });
  expect(await logCall(d.id, { outcome: "reached" }, d.submittedAt + 30 * MINUTE)).toBeDefined();
  await move(d.id, "lost", d.submittedAt + 2 * HOUR);

  const e = await leadAt("2026-03-12T15:00:00Z");
  await setLead(e.id, { first_channel: "Paid Search" });
  await move(e.id, "contacted", e.submittedAt + 5 * MINUTE);
  await move(e.id, "spam", e.submittedAt + 10 * MINUTE);

  const g = await leadAt("2026-03-23T03:30:00Z");
  await setLead(g.id, { first_channel: "Referral", service: "security-cameras" });
  await move(g.id, "contacted", g.submittedAt + 2 * HOUR);

  const h = await leadAt("2026-03-31T14:00:00Z");
  await setLead(h.id, { first_channel: "Phone", service: "voip-phone-systems", source: "phone" });
  await move(h.id, "quoted", h.submittedAt + 4 * MINUTE);

  const i = await leadAt("2026-04-01T14:00:00Z");
  await setLead(i.id, { first_channel: "Paid Search" });
  await move(i.id, "contacted", i.submittedAt + 10 * MINUTE);

  const j = await leadAt("2026-04-06T03:30:00Z");
  await setLead(j.id, { service: null });

  await leadAt("2026-04-06T04:30:00Z");
}

const row = (key: string | null, label: string, leads: number, contacted: number, quoted: number, won: number, lost: number): LeadReportRow => ({ key, label, leads, contacted, quoted, won, lost });

describeEachEngine("reports API", () => {
  describe("the leads of a range, grouped", () => {
    it("counts every week of the range by New York days, zeros included, each stage a lead reached, and no spam", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      expect(await leadsBy(token, `by=week&${RANGE}`)).toEqual([
        row("2026-03-02", "Week of March 2, 2026", 1, 1, 1, 1, 0),
        row("2026-03-09", "Week of March 9, 2026", 2, 2, 1, 1, 1),
        row("2026-03-16", "Week of March 16, 2026", 1, 1, 0, 0, 0),
        row("2026-03-23", "Week of March 23, 2026", 0, 0, 0, 0, 0),
        row("2026-03-30", "Week of March 30, 2026", 3, 2, 1, 0, 0),
      ]);
    });

    it("groups by first-touch channel, most leads first", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      expect(await leadsBy(token, `by=channel&${RANGE}`)).toEqual([
        row("Organic Search", "Organic Search", 2, 2, 2, 2, 0),
        row("Paid Search", "Paid Search", 2, 2, 0, 0, 1),
        row("Phone", "Phone", 1, 1, 1, 0, 0),
        row("Referral", "Referral", 1, 1, 0, 0, 0),
        row("Unassigned", "Unassigned", 1, 0, 0, 0, 0),
      ]);
    });

    it("groups by service line, with the leads that name none as Not stated", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      expect(await leadsBy(token, `by=service&${RANGE}`)).toEqual([
        row("managed-internet", "Managed Internet & Failover", 2, 2, 1, 1, 0),
        row(null, "Not stated", 2, 1, 1, 1, 0),
        row("security-cameras", "Security Cameras", 2, 2, 0, 0, 1),
        row("voip-phone-systems", "VoIP Phone Systems", 1, 1, 1, 0, 0),
      ]);
    });

    it("has one row per status but Spam, each with the stages its leads reached", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      expect(await leadsBy(token, `by=status&${RANGE}`)).toEqual([
        row("new", "New", 1, 0, 0, 0, 0),
        row("contacted", "Contacted", 2, 2, 0, 0, 0),
        row("quoted", "Quoted", 1, 1, 1, 0, 0),
        row("won", "Won", 2, 2, 2, 2, 0),
        row("lost", "Lost", 1, 1, 0, 0, 1),
      ]);
    });

    it("counts a lead in the range of its first New York day only", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      // B (Mar 1 23:30 New York, 04:30 UTC on Mar 2) is the only lead of Mar 1; A (00:30) the only one of Mar 2.
      expect((await leadsBy(token, "by=status&from=2026-03-01&to=2026-03-01")).reduce((sum, entry) => sum + entry.leads, 0)).toBe(1);
      expect(await leadsBy(token, "by=week&from=2026-03-02&to=2026-03-02")).toEqual([row("2026-03-02", "Week of March 2, 2026", 1, 1, 1, 1, 0)]);
      // K (Apr 6 00:30 New York) begins the next week; J (Apr 5 23:30) ends this one.
      expect(await leadsBy(token, "by=week&from=2026-04-05&to=2026-04-06")).toEqual([
        row("2026-03-30", "Week of March 30, 2026", 1, 0, 0, 0, 0),
        row("2026-04-06", "Week of April 6, 2026", 1, 0, 0, 0, 0),
      ]);
    });

    it("keeps the first time a lead reached each stage, and counts a lead that left Won as quoted", async () => {
      const lead = await leadAt("2026-03-02T15:00:00Z");
      const start = lead.submittedAt;
      await move(lead.id, "quoted", start + HOUR);
      await move(lead.id, "contacted", start + 2 * HOUR);
      await move(lead.id, "quoted", start + 3 * HOUR);
      await move(lead.id, "won", start + 4 * HOUR);
      await move(lead.id, "lost", start + 5 * HOUR);
      const db = await getDb();
      const stored = await db.selectFrom("leads").select(["first_response_at", "quoted_at", "won_at", "lost_at"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
      expect(Object.values(stored).map(Number)).toEqual([start + HOUR, start + HOUR, start + 4 * HOUR, start + 5 * HOUR]);

      const wonOnly = await leadAt("2026-03-03T15:00:00Z");
      await move(wonOnly.id, "won", wonOnly.submittedAt + HOUR);
      await move(wonOnly.id, "lost", wonOnly.submittedAt + 2 * HOUR);
      at("2026-04-10T15:00:00Z");
      const token = await session();
      expect(await leadsBy(token, "by=channel&from=2026-03-01&to=2026-03-31")).toEqual([row("Unassigned", "Unassigned", 2, 2, 2, 0, 2)]);
    });

    it("defaults to the last 12 weeks up to today in New York", async () => {
      // Monday 2026-04-13 00:30 in New York, Sunday evening in UTC-less terms: the week of Apr 13 is this week.
      at("2026-04-13T04:30:00Z");
      const token = await session();
      const weeks = await leadsBy(token, "by=week");
      expect(weeks.map((entry) => entry.key)).toEqual(Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(2026, 0, 26) + index * 7 * 86_400_000).toISOString().slice(0, 10)));
      expect(weeks.every((entry) => entry.leads === 0)).toBe(true);
    });
  });

  describe("median speed to lead per month", () => {
    it("takes the middle of the web leads' waits per New York month, leaving out hand-added and spam leads", async () => {
      await seedFixture();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      // March: A 1 h, C 3 h, D 30 min, G 2 h (E is spam) -> (1 h + 2 h) / 2. April: I 10 min (H was added by hand, J not answered).
      expect(await speed(token, RANGE)).toEqual([
        { month: "2026-03", medianSeconds: 5400, leads: 4 },
        { month: "2026-04", medianSeconds: 600, leads: 1 },
      ]);
      expect(await speed(token, "from=2026-03-16&to=2026-05-03")).toEqual([
        { month: "2026-03", medianSeconds: 7200, leads: 1 },
        { month: "2026-04", medianSeconds: 600, leads: 1 },
        { month: "2026-05", medianSeconds: null, leads: 0 },
      ]);
    });
  });

  describe("CSV", () => {
    it("downloads the same rows as a spreadsheet-safe CSV with a file name", async () => {
      await seedFixture();
      const db = await getDb();
      await db.updateTable("leads").set({ first_channel: "=HYPERLINK(\"x\")" }).where("first_channel", "=", "Referral").execute();
      at("2026-04-10T15:00:00Z");
      const token = await session();
      const response = await call(leadsReportEndpoint.GET, `/api/admin/reports/leads?by=channel&${RANGE}&format=csv`, token);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="leads-by-channel-2026-03-02-to-2026-04-05.csv"');
      expect(await csvText(response)).toBe(
        [
          '\uFEFF"key","label","leads","contacted","quoted","won","lost"',
          '"Organic Search","Organic Search","2","2","2","2","0"',
          '"Paid Search","Paid Search","2","2","0","0","1"',
          `"'=HYPERLINK(""x"")","'=HYPERLINK(""x"")","1","1","0","0","0"`,
          '"Phone","Phone","1","1","1","0","0"',
          '"Unassigned","Unassigned","1","0","0","0","0"',
          "",
        ].join("\r\n"),
      );

      const services = await call(leadsReportEndpoint.GET, `/api/admin/reports/leads?by=service&${RANGE}&format=csv`, token);
      expect((await services.text()).split("\r\n")[2]).toBe('"","Not stated","2","1","1","1","0"');

      const speedCsv = await call(speedReportEndpoint.GET, `/api/admin/reports/speed?${RANGE}&format=csv`, token);
      expect(speedCsv.headers.get("content-disposition")).toBe('attachment; filename="speed-to-lead-2026-03-02-to-2026-04-05.csv"');
      expect(await csvText(speedCsv)).toBe(['\uFEFF"month","medianSeconds","leads"', '"2026-03","5400","4"', '"2026-04","600","1"', ""].join("\r\n"));
    });
  });

  describe("guards", () => {
    it("answers 401 without a session", async () => {
      for (const [handler, path] of [
        [leadsReportEndpoint.GET, `/api/admin/reports/leads?by=week&${RANGE}`],
        [speedReportEndpoint.GET, `/api/admin/reports/speed?${RANGE}`],
      ] as const) {
        const response = await call(handler, path);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: "Authentication required." });
      }
    });

    it("answers a JSON 400 naming the field for a bad grouping, date, order, span or format", async () => {
      at("2026-04-10T15:00:00Z");
      const token = await session();
      const cases: [string, string][] = [
        ["", "by"],
        ["by=day", "by"],
        ["by=week&from=2026-02-30", "from"],
        ["by=week&from=2026-3-1", "from"],
        ["by=week&to=tomorrow", "to"],
        ["by=week&from=2026-04-05&to=2026-03-02", "from"],
        ["by=week&from=2026-04-20", "from"],
        ["by=week&from=2023-01-01&to=2026-01-02", "to"],
        ["by=week&format=xml", "format"],
      ];
      for (const [query, field] of cases) {
        const response = await call(leadsReportEndpoint.GET, `/api/admin/reports/leads?${query}`, token);
        const body = (await response.json()) as { error: string; fields: Record<string, string>; fieldErrors: Record<string, string> };
        expect(response.status, query).toBe(400);
        expect(Object.keys(body.fields), query).toEqual([field]);
        expect(body.fieldErrors).toEqual(body.fields);
      }
      const wrongOrder = await call(speedReportEndpoint.GET, "/api/admin/reports/speed?from=2026-04-05&to=2026-03-02", token);
      expect(wrongOrder.status).toBe(400);
      // Three years and a leap day is the longest range.
      expect((await call(leadsReportEndpoint.GET, "/api/admin/reports/leads?by=week&from=2023-01-01&to=2025-12-31", token)).status).toBe(200);
    });

    it("answers other methods with a JSON 405 naming GET", async () => {
      for (const endpoint of [leadsReportEndpoint, speedReportEndpoint]) {
        const response = await call(endpoint.ALL, "/api/admin/reports/leads", undefined, "POST");
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("GET");
        expect(((await response.json()) as { error: string }).error).toMatch(/GET/);
      }
    });
  });

  describe("migration 0011_lead_milestones", () => {
    it("is applied: the milestone columns and the reports' index exist", async () => {
      const db = await getDb();
      const lead = await leadAt("2026-03-02T15:00:00Z");
      await sql`update leads set quoted_at = 1, won_at = 2, lost_at = 3 where id = ${lead.id}`.execute(db);
      const stored = await db.selectFrom("leads").select(["quoted_at", "won_at", "lost_at"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
      expect(Object.values(stored).map(Number)).toEqual([1, 2, 3]);
    });
  });
});
