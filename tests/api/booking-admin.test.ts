import ICAL from "ical.js";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import * as agendaEndpoint from "@/pages/api/admin/agenda";
import * as availabilityEndpoint from "@/pages/api/admin/availability";
import * as bookingsEndpoint from "@/pages/api/admin/bookings";
import * as bookingEndpoint from "@/pages/api/admin/bookings/[id]";
import * as feedEndpoint from "@/pages/api/admin/calendar-feed";
import * as regenerateEndpoint from "@/pages/api/admin/calendar-feed/regenerate";
import * as publicFeedEndpoint from "@/pages/api/calendar-feed/[token]";
import * as createEndpoint from "@/pages/api/bookings/index";
import * as manageCancelEndpoint from "@/pages/api/bookings/manage/[token]/cancel";
import * as manageEndpoint from "@/pages/api/bookings/manage/[token]";
import { site } from "@/content/site";
import { defaultAvailability } from "@/server/bookings/availability-store";
import { forgetBusyFeed } from "@/server/bookings/busy-feed";
import { getDb } from "@/server/db/connection";
import { getLeadDetail } from "@/server/desk/lead-detail";
import { eraseLead } from "@/server/leads/erase-lead";
import { listOutbox } from "@/server/mail/mail-outbox";
import { callEndpoint, jsonRequest } from "../support/api-request";
import type { AgendaView } from "@/lib/lead-desk";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { describeEachEngine } from "../support/test-database";

/** The site's own origin, which the same-origin check accepts. */
const ORIGIN = site.url;
/** Thursday 2027-03-11, 8 PM in New York. */
const NOW = Date.parse("2027-03-12T01:00:00Z");

let address = 0;
async function book(start: string, n: number): Promise<{ id: number; manageUrl: string }> {
  const request = jsonRequest("/api/bookings", { start, name: `Person ${n}`, email: `person${n}@example.com`, phone: `864555${String(1000 + n)}`, service: "it-support" }, { address: `203.0.113.${(address += 1) % 250}` });
  const response = await callEndpoint(createEndpoint.POST)(request);
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; manageUrl: string };
}

beforeEach(() => {
  process.env.TRUST_PROXY_HOPS = "1";
  process.env.RATE_LIMIT_MULTIPLIER = "100";
  forgetBusyFeed();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("booking: the owner's side", () => {
  it("lists the bookings of a range, marks one Done (first response) or No-show, moves and cancels from the desk", async () => {
    let token = await deskSession();
    const first = await book("2027-03-15T09:00:00-04:00", 1);
    const second = await book("2027-03-15T10:00:00-04:00", 2);
    const listed = await deskJson<{ items: { id: number; status: string; name: string }[] }>(await deskCall(bookingsEndpoint.GET, "GET", "/api/admin/bookings?from=2027-03-15&to=2027-03-15", { token }));
    expect(listed.items.map((item) => item.id)).toEqual([first.id, second.id]);

    // Changes need the same origin and a session.
    const params = { id: String(first.id) };
    expect((await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${first.id}`, { token, params, origin: "https://evil.example", body: { status: "done" } })).status).toBe(403);
    expect((await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${first.id}`, { params, origin: ORIGIN, body: { status: "done" } })).status).toBe(401);
    expect((await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${first.id}`, { token, params, origin: ORIGIN, body: { status: "maybe" } })).status).toBe(400);
    expect((await deskCall(bookingEndpoint.PATCH, "PATCH", "/api/admin/bookings/abc", { token, origin: ORIGIN, params: { id: "abc" }, body: { status: "done" } })).status).toBe(400);

    vi.setSystemTime(Date.parse("2027-03-15T13:20:00Z"));
    // The owner signs in again on the day (a session from days before has expired).
    token = await deskSession();
    const done = await deskJson<{ status: string }>(await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${first.id}`, { token, origin: ORIGIN, params: { id: String(first.id) }, body: { status: "done" } }));
    expect(done.status).toBe("done");
    const db = await getDb();
    const firstRow = await db.selectFrom("bookings").select("lead_id").where("id", "=", first.id).executeTakeFirstOrThrow();
    const lead = await getLeadDetail(Number(firstRow.lead_id));
    expect(lead?.firstResponseAt).toBe("2027-03-15T13:00:00.000Z");

    const moved = await deskJson<{ start: string }>(await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${second.id}`, { token, origin: ORIGIN, params: { id: String(second.id) }, body: { start: "2027-03-16T10:00:00-04:00" } }));
    expect(moved.start).toBe("2027-03-16T14:00:00.000Z");
    // The visitor's old link shows the booking as it is now.
    const visitorToken = second.manageUrl.split("/").at(-1)!;
    const seen = await callEndpoint(manageEndpoint.GET)(new Request(`http://127.0.0.1:3000/api/bookings/manage/${visitorToken}`), { token: visitorToken });
    expect(await seen.json()).toMatchObject({ start: "2027-03-16T14:00:00.000Z", status: "booked" });
    const cancelled = await deskJson<{ status: string }>(await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${second.id}`, { token, origin: ORIGIN, params: { id: String(second.id) }, body: { status: "cancelled" } }));
    expect(cancelled.status).toBe("cancelled");
    // A scanner's GET of the cancel link does nothing: only POST is served.
    const scanned = await callEndpoint(manageCancelEndpoint.ALL)(new Request(`http://127.0.0.1:3000/api/bookings/manage/${visitorToken}/cancel`), { token: visitorToken });
    expect(scanned.status).toBe(405);
  });

  it("tells the visitor when the owner moves or cancels from the desk: a REQUEST with the same UID and a higher SEQUENCE, then a CANCEL", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    process.env.MAIL_FROM = "website@example.com";
    process.env.LEADS_TO = "owner@example.com";
    try {
      const token = await deskSession();
      const booked = await book("2027-03-15T13:00:00-04:00", 5);
      const params = { id: String(booked.id) };
      const patch = (body: unknown) => deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${booked.id}`, { token, origin: ORIGIN, params, body });
      const visitorCalendars = async (method: string) =>
        (await listOutbox())
          .filter((item) => item.refId === booked.id && item.payload.to === "person5@example.com" && item.payload.icalEvent?.method === method)
          .map((item) => ({ event: new ICAL.Component(ICAL.parse(item.payload.icalEvent!.content)).getFirstSubcomponent("vevent")!, text: item.payload.text, notBefore: item.nextAttemptAt }));
      const [invitation] = await visitorCalendars("REQUEST");

      // A time the slot engine does not offer is refused, and nothing is sent.
      expect((await patch({ start: "2027-03-13T10:00:00-05:00" })).status).toBe(400);
      expect(await visitorCalendars("REQUEST")).toHaveLength(1);
      const moved = await deskJson<{ start: string }>(await patch({ start: "2027-03-17T15:30:00-04:00" }));
      expect(moved.start).toBe("2027-03-17T19:30:00.000Z");
      const [, update] = await visitorCalendars("REQUEST");
      expect((update!.event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe("2027-03-17T19:30:00.000Z");
      expect(update!.event.getFirstPropertyValue("uid")).toBe(invitation!.event.getFirstPropertyValue("uid"));
      expect(Number(update!.event.getFirstPropertyValue("sequence"))).toBe(Number(invitation!.event.getFirstPropertyValue("sequence")) + 1);
      // The owner does not hold the visitor's link: the e-mail says the first one still works.
      expect(update!.text).toContain("private link in your first e-mail");
      const reminders = (await listOutbox()).filter((item) => item.kind === "booking-reminder" && item.refId === booked.id).map((item) => item.nextAttemptAt);
      expect(reminders.sort()).toEqual([Date.parse("2027-03-16T19:30:00Z"), Date.parse("2027-03-17T18:30:00Z")]);

      expect((await deskJson<{ status: string }>(await patch({ status: "cancelled" }))).status).toBe("cancelled");
      const [cancel] = await visitorCalendars("CANCEL");
      expect(cancel!.event.getFirstPropertyValue("uid")).toBe(invitation!.event.getFirstPropertyValue("uid"));
      expect(Number(cancel!.event.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(update!.event.getFirstPropertyValue("sequence")));
      expect((await listOutbox()).filter((item) => item.kind === "booking-reminder" && item.refId === booked.id)).toEqual([]);
    } finally {
      for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO"]) delete process.env[name];
    }
  });

  it("shows each day's consultations at their times on the agenda, beside the follow-ups, leaving out cancelled ones", async () => {
    const token = await deskSession();
    const later = await book("2027-03-15T14:00:00-04:00", 6);
    const earlier = await book("2027-03-15T09:30:00-04:00", 7);
    const cancelled = await book("2027-03-15T11:30:00-04:00", 8);
    const nextWeek = await book("2027-03-22T08:30:00-04:00", 9);
    await deskJson(await deskCall(bookingEndpoint.PATCH, "PATCH", `/api/admin/bookings/${cancelled.id}`, { token, origin: ORIGIN, params: { id: String(cancelled.id) }, body: { status: "cancelled" } }));
    const db = await getDb();
    const leadOf = async (id: number) => Number((await db.selectFrom("bookings").select("lead_id").where("id", "=", id).executeTakeFirstOrThrow()).lead_id);
    await db.updateTable("leads").set({ next_follow_up_at: Date.parse("2027-03-15T16:00:00Z"), next_follow_up_type: "call" }).where("id", "=", await leadOf(later.id)).execute();

    const agenda = await deskJson<AgendaView>(await deskCall(agendaEndpoint.GET, "GET", "/api/admin/agenda", { token }));
    expect(agenda.days[0]!.date).toBe("2027-03-11");
    const monday = agenda.days.find((day) => day.date === "2027-03-15")!;
    expect(monday.consultations.map(({ lead, booking }) => [lead.name, booking.id, booking.start, booking.status])).toEqual([
      ["Person 7", earlier.id, "2027-03-15T13:30:00.000Z", "booked"],
      ["Person 6", later.id, "2027-03-15T18:00:00.000Z", "booked"],
    ]);
    expect(monday.items.map((item) => [item.lead.name, item.dueAt])).toEqual([["Person 6", "2027-03-15T16:00:00.000Z"]]);
    expect(agenda.days.find((day) => day.date === "2027-03-22")!.consultations.map(({ booking }) => booking.id)).toEqual([nextWeek.id]);
    expect(agenda.days.filter((day) => day.date !== "2027-03-15" && day.date !== "2027-03-22").every((day) => day.consultations.length === 0)).toBe(true);
  });

  it("reads and saves the availability, refusing bad values and unsafe feed addresses", async () => {
    const token = await deskSession();
    const read = await deskJson<{ availability: unknown }>(await deskCall(availabilityEndpoint.GET, "GET", "/api/admin/availability", { token }));
    expect(read.availability).toEqual(defaultAvailability());
    const dayOff = { ...defaultAvailability(), exceptions: [{ date: "2027-03-15", hours: [] }], minimumNotice: { kind: "not-today" } };
    await deskJson(await deskCall(availabilityEndpoint.PUT, "PUT", "/api/admin/availability", { token, origin: ORIGIN, body: dayOff }));
    const slots = await (await import("@/server/bookings/booking-routes")).slotsRoute({ request: new Request(`http://127.0.0.1:3000/api/booking/slots?from=2027-03-15&days=1`) });
    expect(((await slots.json()) as { slots: unknown[] }).slots).toEqual([]);
    for (const body of [{ ...defaultAvailability(), horizonDays: 0 }, { ...defaultAvailability(), weekly: { ...defaultAvailability().weekly, 1: [{ start: "17:00", end: "09:00" }] } }, "nonsense"]) {
      expect((await deskCall(availabilityEndpoint.PUT, "PUT", "/api/admin/availability", { token, origin: ORIGIN, body })).status).toBe(400);
    }
    for (const busyFeedUrl of ["http://calendar.example.com/a.ics", "https://127.0.0.1/a.ics", "https://169.254.169.254/latest"]) {
      const refused = await deskCall(availabilityEndpoint.PUT, "PUT", "/api/admin/availability", { token, origin: ORIGIN, body: { ...defaultAvailability(), busyFeedUrl } });
      expect(refused.status, busyFeedUrl).toBe(400);
      expect(((await refused.json()) as { fields: Record<string, string> }).fields.busyFeedUrl).toBeTruthy();
    }
  });

  it("serves a private RFC 5545 feed of the bookings and follow-ups behind a secret that can be regenerated", async () => {
    const token = await deskSession();
    const booked = await book("2027-03-15T11:00:00-04:00", 3);
    const db = await getDb();
    const row = await db.selectFrom("bookings").select(["lead_id", "uid"]).where("id", "=", booked.id).executeTakeFirstOrThrow();
    await db.updateTable("leads").set({ next_follow_up_at: Date.parse("2027-03-18T13:00:00Z") }).where("id", "=", row.lead_id).execute();
    const { url } = await deskJson<{ url: string }>(await deskCall(feedEndpoint.GET, "GET", "/api/admin/calendar-feed", { token }));
    const secret = url.split("/").at(-1)!;
    const feed = await callEndpoint(publicFeedEndpoint.GET)(new Request(url), { token: secret });
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.uid)).toEqual(expect.arrayContaining([row.uid, `follow-up-${row.lead_id}@${new URL(site.url).hostname}`]));
    expect(events.find((event) => event.uid === row.uid)!.startDate.toJSDate().toISOString()).toBe("2027-03-15T15:00:00.000Z");

    const renewed = await deskJson<{ url: string }>(await deskCall(regenerateEndpoint.POST, "POST", "/api/admin/calendar-feed/regenerate", { token, origin: ORIGIN }));
    expect(renewed.url).not.toBe(url);
    expect((await callEndpoint(publicFeedEndpoint.GET)(new Request(url), { token: secret })).status).toBe(404);
    const newSecret = renewed.url.split("/").at(-1)!;
    expect((await callEndpoint(publicFeedEndpoint.GET)(new Request(renewed.url), { token: newSecret })).status).toBe(200);
  });

  it("erases a person's bookings and their queued e-mails with their lead", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    process.env.MAIL_FROM = "website@example.com";
    process.env.LEADS_TO = "owner@example.com";
    try {
      const booked = await book("2027-03-15T12:00:00-04:00", 4);
      const db = await getDb();
      const row = await db.selectFrom("bookings").select("lead_id").where("id", "=", booked.id).executeTakeFirstOrThrow();
      expect((await db.selectFrom("mail_outbox").select("id").where("lead_id", "=", row.lead_id).execute()).length).toBeGreaterThan(0);
      await eraseLead(Number(row.lead_id));
      expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);
      expect(await db.selectFrom("mail_outbox").select("id").where("lead_id", "=", row.lead_id).execute()).toEqual([]);
    } finally {
      for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO"]) delete process.env[name];
    }
  });
});
