import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as contactEndpoint from "@/pages/api/contact";
import * as todayEndpoint from "@/pages/api/admin/today";
import type { DuplicateLead, LeadDetail, LeadList, TodayView } from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { callEndpoint, jsonRequest, validContact } from "../support/api-request";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { describeEachEngine } from "../support/test-database";

const postContact = callEndpoint(contactEndpoint.POST);
const byPhone = { name: "Carla Mendez", business: "Mendez Tile", phone: "(864) 555-0177", service: "voip-phone-systems", source: "phone", note: "Called about phones for 6 desks." };

function at(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("quick add (POST /api/admin/leads)", () => {
  beforeAll(() => {
    process.env.RATE_LIMIT_MULTIPLIER = "100";
  });
  afterAll(() => {
    delete process.env.RATE_LIMIT_MULTIPLIER;
  });

  it("adds a lead taken by phone: 201 with the lead, New, offline touch, source, service, note and created entry", async () => {
    at("2031-05-06T14:00:00Z");
    const token = await deskSession();
    const lead = await deskJson<LeadDetail>(
      await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body: { ...byPhone, nextFollowUpAt: "2031-05-07T13:00:00Z" } }),
      201,
    );
    expect(lead).toMatchObject({
      name: "Carla Mendez",
      business: "Mendez Tile",
      email: null,
      phone: "(864) 555-0177",
      status: "new",
      source: "phone",
      score: null,
      submissionCount: 0,
      kinds: [],
      firstSubmittedAt: "2031-05-06T14:00:00.000Z",
      lastSubmittedAt: "2031-05-06T14:00:00.000Z",
      nextFollowUpAt: "2031-05-07T13:00:00.000Z",
      qualification: null,
      speedToLeadSeconds: null,
    });
    expect(lead.timeline.map((entry) => entry.type).sort()).toEqual(["created", "follow_up_set", "note"]);
    expect(lead.timeline.find((entry) => entry.type === "created")).toMatchObject({ source: "phone", at: "2031-05-06T14:00:00.000Z" });
    expect(lead.timeline.find((entry) => entry.type === "note")).toMatchObject({ text: byPhone.note });

    const row = await (await getDb()).selectFrom("leads").selectAll().where("id", "=", lead.id).executeTakeFirstOrThrow();
    const touch = { source: "phone", medium: "offline", campaign: null, term: null, content: null, clickId: null, referrer: null, landingPage: null, channel: "Phone", at: "2031-05-06T14:00:00.000Z" };
    expect(JSON.parse(row.first_touch!)).toEqual(touch);
    expect(JSON.parse(row.last_touch!)).toEqual(touch);
    expect([row.first_channel, row.last_channel, row.service, row.phone_key, row.email_key]).toEqual(["Phone", "Phone", "voip-phone-systems", "8645550177", null]);
    // The audit log says a lead was added by hand, and how, not who it is.
    const audited = await (await getDb()).selectFrom("admin_audit_log").select(["action", "target_id", "detail"]).where("action", "=", "lead.added").execute();
    expect(audited).toEqual([{ action: "lead.added", target_id: String(lead.id), detail: JSON.stringify({ source: "phone" }) }]);

    // Found by the search, listed with its source.
    const found = await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads?q=mendez", { token }));
    expect(found.items.map((item) => [item.id, item.source])).toEqual([[lead.id, "phone"]]);
  });

  it("takes a walk-in with an e-mail only and no note; the channel is Walk-in", async () => {
    const token = await deskSession();
    const lead = await deskJson<LeadDetail>(
      await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body: { name: "Sam Ortiz", email: "Sam@Ortiz.example", source: "walk-in" } }),
      201,
    );
    expect(lead).toMatchObject({ source: "walk-in", email: "Sam@Ortiz.example", phone: null, business: null, nextFollowUpAt: null });
    expect(lead.timeline.map((entry) => entry.type)).toEqual(["created"]);
    const row = await (await getDb()).selectFrom("leads").select(["first_channel", "email_key", "service"]).where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_channel: "Walk-in", email_key: "sam@ortiz.example", service: null });
  });

  it("answers 409 with the existing lead's id for a known e-mail or phone, and writes nothing", async () => {
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    const token = await deskSession();
    const existing = (await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }))).items[0]!;
    for (const body of [
      { name: "Dana W.", email: "  DANA@example.com ", source: "phone" },
      { name: "Dana W.", phone: "+1 864 555 0142", source: "walk-in" },
    ]) {
      const duplicate = await deskJson<DuplicateLead>(await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body }), 409);
      expect(duplicate).toEqual({ error: expect.any(String) as string, leadId: existing.id });
    }
    const list = await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }));
    expect(list.total).toBe(1);
    expect(await (await getDb()).selectFrom("lead_events").select("id").execute()).toEqual([]);
  });

  it("refuses bad input with 400 and the fields, without a session 401, cross-origin 403", async () => {
    const token = await deskSession();
    const post = (body: unknown, options: { origin?: string; token?: string; raw?: string } = { token }) =>
      deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { ...options, body: options.raw === undefined ? body : undefined });
    const cases: [unknown, string][] = [
      [{ source: "phone", phone: "864-555-0100" }, "name"],
      [{ name: "A", source: "phone" }, "phone"],
      [{ name: "A", phone: "864-555-0100" }, "source"],
      [{ name: "A", phone: "864-555-0100", source: "web" }, "source"],
      [{ name: "A", email: "not-an-address", source: "phone" }, "email"],
      [{ name: "A", phone: "12", source: "phone" }, "phone"],
      [{ name: "A", phone: "864-555-0100", source: "phone", service: "teleportation" }, "service"],
      [{ name: "A", phone: "864-555-0100", source: "phone", nextFollowUpAt: "tomorrow" }, "nextFollowUpAt"],
      [{ name: "x".repeat(101), phone: "864-555-0100", source: "phone" }, "name"],
    ];
    for (const [body, field] of cases) {
      const answer = await deskJson<{ error: string; fields: Record<string, string>; fieldErrors: Record<string, string> }>(await post(body), 400);
      expect(Object.keys(answer.fields), JSON.stringify(body)).toContain(field);
      expect(answer.fieldErrors).toEqual(answer.fields);
    }
    expect((await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, raw: "{not json" })).status).toBe(400);
    expect((await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { body: byPhone })).status).toBe(401);
    expect((await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, origin: "https://evil.example", body: byPhone })).status).toBe(403);
    const put = await deskCall(leadsEndpoint.ALL, "PUT", "/api/admin/leads", { token, body: byPhone });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("POST");
    expect(await (await getDb()).selectFrom("leads").select("id").execute()).toEqual([]);
  });

  it("leaves leads added by hand out of the speed to lead on Today, but lists them as waiting", async () => {
    at("2031-06-02T14:00:00Z");
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    const token = await deskSession();
    const web = (await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }))).items[0]!;
    const added = await deskJson<LeadDetail>(await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body: byPhone }), 201);
    let today = await deskJson<TodayView>(await deskCall(todayEndpoint.GET, "GET", "/api/admin/today", { token }));
    // Newest first: both came at 14:00, the one added by hand last.
    expect(today.groups.new.items.map((lead) => [lead.id, lead.source])).toEqual([
      [added.id, "phone"],
      [web.id, "web"],
    ]);

    // Both answered an hour later: only the web lead's wait counts.
    at("2031-06-02T15:00:00Z");
    for (const id of [web.id, added.id]) {
      await deskJson<LeadDetail>(await deskCall(leadEndpoint.PATCH, "PATCH", `/api/admin/leads/${id}`, { token, body: { status: "contacted" }, params: { id: String(id) } }));
    }
    today = await deskJson<TodayView>(await deskCall(todayEndpoint.GET, "GET", "/api/admin/today", { token }));
    expect(today.speedToLead).toEqual({ medianSeconds: 3600, leads: 1 });
  });
});
