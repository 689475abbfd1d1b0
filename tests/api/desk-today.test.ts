import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { afterEach, expect, it, vi } from "vitest";
import * as agendaEndpoint from "@/pages/api/admin/agenda";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as callsEndpoint from "@/pages/api/admin/leads/[id]/calls";
import * as notesEndpoint from "@/pages/api/admin/leads/[id]/notes";
import * as todayEndpoint from "@/pages/api/admin/today";
import * as todayGroupEndpoint from "@/pages/api/admin/today/[group]";
import type { AgendaView, LeadDetail, TodayPage, TodayView } from "@/lib/lead-desk";
import type { ContactRequestInput } from "@/lib/validation/contact-request-schema";
import type { SurveyInput } from "@/lib/validation/survey-schema";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { getDb } from "@/server/db/connection";
import { callEndpoint, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";

const ORIGIN = "http://127.0.0.1:3000";
const DAY = 24 * 60 * 60 * 1000;

async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

async function call(handler: APIRoute | undefined, method: string, path: string, options: { body?: unknown; params?: Record<string, string> } = {}): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50", cookie: `${SESSION_COOKIE}=${await session()}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return callEndpoint(handler)(request, options.params ?? {});
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const addContact = (overrides: Partial<ContactRequestInput> = {}) => submitLead("contact", { ...validContact, ...overrides });
const addSurvey = (overrides: Partial<SurveyInput> = {}) => submitLead("survey", { ...validSurvey, ...overrides });
const today = async () => json<TodayView>(await call(todayEndpoint.GET, "GET", "/api/admin/today"));
const todayPage = async (group: string, page: number) => json<TodayPage>(await call(todayGroupEndpoint.GET, "GET", `/api/admin/today/${group}?page=${page}`, { params: { group } }));
const patchLead = (id: number, body: unknown) => call(leadEndpoint.PATCH, "PATCH", `/api/admin/leads/${id}`, { body, params: { id: String(id) } });
const getLead = async (id: number) => json<LeadDetail>(await call(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, { params: { id: String(id) } }));

async function leadIdOf(email: string): Promise<number> {
  const row = await (await getDb()).selectFrom("leads").select("id").where("email_key", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

function at(iso: string | number): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("Today on the owner's phone", () => {
  it("puts the newest lead first among 300 old ones, keeps those older than 7 days apart with their count, and pages through all of them", async () => {
    const now = Date.parse("2031-06-10T16:00:00Z");
    const db = await getDb();
    // 300 leads nobody contacted, one every day or so over the year before.
    const old = Array.from({ length: 300 }, (_, index) => {
      const time = now - 8 * DAY - index * DAY;
      return { name: `Old Lead ${index}`, email: `old${index}@example.com`, email_key: `old${index}@example.com`, first_submitted_at: time, last_submitted_at: time, created_at: time, updated_at: time };
    });
    for (let start = 0; start < old.length; start += 100) await db.insertInto("leads").values(old.slice(start, start + 100)).execute();
    at(now - 2 * DAY);
    await addContact({ name: "Two Days", email: "two@example.com", phone: "803-555-0102" });
    at(now - 60_000);
    await addContact({ name: "Brand New", email: "new@example.com", phone: "803-555-0101", message: "Our phones are down since this morning, can you come today?" });

    at(now);
    const view = await today();
    expect(view.groups.new.items.map((lead) => lead.name)).toEqual(["Brand New", "Two Days"]);
    expect(view.groups.new.total).toBe(2);
    expect(view.groups.older.total).toBe(300);
    expect(view.groups.older.items[0]!.name).toBe("Old Lead 0");

    // Every older lead can be reached, newest first, page by page.
    const names: string[] = [];
    for (let page = 1; page <= Math.ceil(300 / view.groups.older.pageSize); page++) names.push(...(await todayPage("older", page)).items.map((lead) => lead.name));
    expect(names).toEqual(old.map((lead) => lead.name));
    expect((await todayPage("older", 99)).items).toEqual([]);
  });

  it("brings a Lost lead that writes again back under Came back, with its status and what it sent, until the owner answers it", async () => {
    at("2031-06-01T14:00:00Z");
    await addContact({ name: "Lou Lost", email: "lou@example.com", phone: "803-555-0110" });
    const id = await leadIdOf("lou@example.com");
    await json<LeadDetail>(await patchLead(id, { status: "lost", lostReason: "price" }));
    expect((await today()).groups["came-back"].total).toBe(0);

    at("2031-06-09T15:00:00Z");
    await addSurvey({ email: "lou@example.com", interestedServices: ["voip"], additionalComments: "Ready to switch now, our contract ends in July." });
    const view = await today();
    expect(view.groups["came-back"].items).toHaveLength(1);
    const back = view.groups["came-back"].items[0]!;
    expect(back).toMatchObject({ id, status: "lost", cameBackAt: "2031-06-09T15:00:00.000Z" });
    expect(back.latestRequest).toMatchObject({ kind: "survey" });
    expect(back.latestRequest!.text).toContain("Ready to switch now");
    expect(back.latestRequest!.text).toContain("VoIP");
    // It is no new lead: the status is kept.
    expect(view.groups.new.total).toBe(0);
    expect((await getLead(id)).status).toBe("lost");

    // A new lead that writes twice does not "come back": it is still waiting.
    await addContact({ name: "Nia New", email: "nia@example.com", phone: "803-555-0111" });
    await addContact({ name: "Nia New", email: "nia@example.com", phone: "803-555-0111", message: "Any news on my request? We need it soon." });
    expect((await today()).groups["came-back"].items.map((lead) => lead.name)).toEqual(["Lou Lost"]);

    // A call answers it.
    await json<LeadDetail>(await call(callsEndpoint.POST, "POST", "/x", { body: { outcome: "reached" }, params: { id: String(id) } }), 201);
    expect((await today()).groups["came-back"].total).toBe(0);
    expect((await getLead(id)).status).toBe("lost");
  });

  it("gives follow-ups a type and a time, marks them done, and snoozes them an hour, to tomorrow or to next week in New York time", async () => {
    at("2031-03-06T14:00:00Z");
    await addContact({ name: "Fay Follow", email: "fay@example.com", phone: "803-555-0120" });
    const id = await leadIdOf("fay@example.com");
    // 14:30 in New York (EST, UTC−5) is 19:30 UTC.
    const set = await json<LeadDetail>(await patchLead(id, { status: "contacted", nextFollowUpAt: "2031-03-06T19:30:00Z", nextFollowUpType: "visit" }));
    expect(set).toMatchObject({ nextFollowUpAt: "2031-03-06T19:30:00.000Z", nextFollowUpType: "visit" });
    expect(set.timeline.find((entry) => entry.type === "follow_up_set")).toMatchObject({ dueAt: "2031-03-06T19:30:00.000Z", followUpType: "visit" });
    const due = (await today()).groups["follow-ups"].items;
    expect(due.map((lead) => [lead.name, lead.nextFollowUpType, lead.nextFollowUpAt])).toEqual([["Fay Follow", "visit", "2031-03-06T19:30:00.000Z"]]);

    expect(await json<LeadDetail>(await patchLead(id, { snooze: "tomorrow" }))).toMatchObject({ nextFollowUpAt: "2031-03-07T19:30:00.000Z", nextFollowUpType: "visit" });
    // A week from today the clocks have changed (DST starts 2031-03-09): still 14:30 in New York, now UTC−4.
    expect((await json<LeadDetail>(await patchLead(id, { snooze: "next-week" }))).nextFollowUpAt).toBe("2031-03-13T18:30:00.000Z");
    expect((await today()).groups["follow-ups"].total).toBe(0);
    // An hour from now.
    expect((await json<LeadDetail>(await patchLead(id, { snooze: "hour" }))).nextFollowUpAt).toBe("2031-03-06T15:00:00.000Z");
    expect((await today()).groups["follow-ups"].total).toBe(1);
    await json<LeadDetail>(await patchLead(id, { snooze: "next-week" }));

    at("2031-03-13T18:00:00Z");
    expect((await today()).groups["follow-ups"].total).toBe(1);
    const done = await json<LeadDetail>(await patchLead(id, { nextFollowUpAt: null }));
    expect(done).toMatchObject({ nextFollowUpAt: null, nextFollowUpType: null });
    expect(done.timeline[0]).toMatchObject({ type: "follow_up_done", dueAt: "2031-03-13T14:00:00.000Z" });
    expect((await today()).groups["follow-ups"].total).toBe(0);
  });

  it("ends a pending follow-up when the lead is Won, Lost or Spam, and the timeline says so", async () => {
    at("2031-06-01T14:00:00Z");
    for (const [index, status] of (["won", "lost", "spam"] as const).entries()) {
      const email = `end${index}@example.com`;
      await addContact({ name: `End ${status}`, email, phone: `803-555-013${index}` });
      const id = await leadIdOf(email);
      await json<LeadDetail>(await patchLead(id, { nextFollowUpAt: "2031-06-03T13:00:00Z", nextFollowUpType: "meeting" }));
      const ended = await json<LeadDetail>(await patchLead(id, status === "lost" ? { status, lostReason: "timing" } : { status }));
      expect(ended).toMatchObject({ status, nextFollowUpAt: null, nextFollowUpType: null });
      expect(ended.timeline.find((entry) => entry.type === "follow_up_ended")).toMatchObject({ dueAt: "2031-06-03T13:00:00.000Z", status });
    }
    const rows = await (await getDb()).selectFrom("leads").select(["next_follow_up_at", "next_follow_up_type"]).execute();
    expect(rows).toEqual(rows.map(() => ({ next_follow_up_at: null, next_follow_up_type: null })));
  });

  it("lists the next 14 days of follow-ups by New York day on the agenda", async () => {
    at("2031-06-10T14:00:00Z");
    const plans = [
      ["Ann Agenda", "2031-06-10T20:00:00Z", "call"],
      // 23:30 on the 10th in New York is 03:30 UTC on the 11th.
      ["Ben Agenda", "2031-06-11T03:30:00Z", "meeting"],
      ["Cy Agenda", "2031-06-23T15:00:00Z", "email"],
      ["Too Far", "2031-06-24T15:00:00Z", "visit"],
      ["Overdue", "2031-06-09T15:00:00Z", "call"],
    ] as const;
    for (const [index, [name, dueAt, type]] of plans.entries()) {
      await addContact({ name, email: `agenda${index}@example.com`, phone: `803-555-014${index}` });
      await json<LeadDetail>(await patchLead(await leadIdOf(`agenda${index}@example.com`), { nextFollowUpAt: dueAt, nextFollowUpType: type }));
    }
    const agenda = await json<AgendaView>(await call(agendaEndpoint.GET, "GET", "/api/admin/agenda"));
    expect(agenda.days).toHaveLength(14);
    expect(agenda.days[0]!.date).toBe("2031-06-10");
    expect(agenda.days[13]!.date).toBe("2031-06-23");
    expect(agenda.days[0]!.items.map((item) => [item.lead.name, item.type])).toEqual([
      ["Ann Agenda", "call"],
      ["Ben Agenda", "meeting"],
    ]);
    expect(agenda.days[13]!.items.map((item) => [item.lead.name, item.type])).toEqual([["Cy Agenda", "email"]]);
    expect(agenda.days.slice(1, 13).every((day) => day.items.length === 0)).toBe(true);
    expect(agenda.overdueCount).toBe(1);
  });

  it("stores a call or a note sent twice with one idempotency key once", async () => {
    at("2031-06-10T14:00:00Z");
    await addContact({ name: "Ida Key", email: "ida@example.com", phone: "803-555-0150" });
    const id = await leadIdOf("ida@example.com");
    const params = { id: String(id) };
    const callBody = { outcome: "voicemail", note: "Left a message", clientKey: "offline-call-0001" };
    const [first, second] = await Promise.all([
      call(callsEndpoint.POST, "POST", "/x", { body: callBody, params }),
      call(callsEndpoint.POST, "POST", "/x", { body: callBody, params }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    await json<LeadDetail>(await call(callsEndpoint.POST, "POST", "/x", { body: callBody, params }), 201);
    const noteBody = { text: "Wants a quote by Friday", clientKey: "offline-note-0001" };
    const note = await json<{ note: { id: number } }>(await call(notesEndpoint.POST, "POST", "/x", { body: noteBody, params }), 201);
    const again = await json<{ note: { id: number } }>(await call(notesEndpoint.POST, "POST", "/x", { body: noteBody, params }), 201);
    expect(again.note.id).toBe(note.note.id);
    const timeline = (await getLead(id)).timeline;
    expect(timeline.filter((entry) => entry.type === "call")).toHaveLength(1);
    expect(timeline.filter((entry) => entry.type === "note")).toHaveLength(1);
    // Without a key, each call is its own.
    await json<LeadDetail>(await call(callsEndpoint.POST, "POST", "/x", { body: { outcome: "reached" }, params }), 201);
    expect((await getLead(id)).timeline.filter((entry) => entry.type === "call")).toHaveLength(2);
  });

  it("gives the lead's card the service and the first 200 characters of the latest message, or the latest survey's summary", async () => {
    at("2031-06-10T14:00:00Z");
    const long = `Phones drop every afternoon.\n\n${"Both clinics need a fix before spring. ".repeat(10)}`;
    await addContact({ name: "Cara Card", email: "cara@example.com", phone: "803-555-0160", projectType: "voip-phone-systems", message: long });
    const id = await leadIdOf("cara@example.com");
    const card = await getLead(id);
    expect(card.service).toBe("voip-phone-systems");
    expect(card.latestRequest).toMatchObject({ kind: "contact", at: "2031-06-10T14:00:00.000Z" });
    expect(card.latestRequest!.text).toBe(`${long.replace(/\s+/g, " ").trim().slice(0, 200)}…`);

    at("2031-06-11T14:00:00Z");
    await addSurvey({ email: "cara@example.com", interestedServices: ["voip", "guest-wifi"], employeeCount: 12, deviceCount: 40, additionalComments: "Second site opens in March." });
    const later = await getLead(id);
    expect(later.latestRequest).toMatchObject({ kind: "survey", at: "2031-06-11T14:00:00.000Z" });
    expect(later.latestRequest!.text).toMatch(/^Wants VoIP.*Guest.* · 12 employees, 40 devices · Second site opens in March\.$/);
    // The first submission named the service: it stays.
    expect(later.service).toBe("voip-phone-systems");
  });

  it("answers bad input with a JSON 400", async () => {
    at("2031-06-10T14:00:00Z");
    await addContact({ email: "bad@example.com" });
    const id = await leadIdOf("bad@example.com");
    const params = { id: String(id) };
    for (const response of [
      await call(todayGroupEndpoint.GET, "GET", "/api/admin/today/everything?page=1", { params: { group: "everything" } }),
      await call(todayGroupEndpoint.GET, "GET", "/api/admin/today/new?page=0", { params: { group: "new" } }),
      await patchLead(id, { snooze: "forever" }),
      await patchLead(id, { snooze: "hour", nextFollowUpAt: "2031-06-11T13:00:00Z" }),
      await patchLead(id, { nextFollowUpAt: "2031-06-11T13:00:00Z", nextFollowUpType: "<b>lunch</b>" }),
      await call(callsEndpoint.POST, "POST", "/x", { body: { outcome: "reached", clientKey: "<!channel>" }, params }),
      await call(notesEndpoint.POST, "POST", "/x", { body: { text: "x", clientKey: "short" }, params }),
    ]) {
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
  });
});
