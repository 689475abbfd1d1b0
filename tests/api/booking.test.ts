import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { drainOutbox, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { createBookingRoute, manageCancelRoute, manageReadRoute, manageRescheduleRoute, slotsRoute } from "@/server/bookings/booking-routes";
import { claimOutboxBatch, listOutbox } from "@/server/mail/mail-outbox";
import { getDb } from "@/server/db/connection";
import { getLeadDetail } from "@/server/desk/lead-detail";
import { forgetBusyFeed } from "@/server/bookings/busy-feed";
import { jsonRequest } from "../support/api-request";
import { freePort } from "../support/production-server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { describeEachEngine, type EngineContext, loadSecondInstance } from "../support/test-database";

/** Thursday 2027-03-11, 8 PM in New York (EST): the weekend before daylight saving starts on Sunday 14th. */
const BEFORE_SPRING = Date.parse("2027-03-12T01:00:00Z");
/** Thursday 2027-11-04, 8 PM in New York (EDT): the weekend before daylight saving ends on Sunday 7th. */
const BEFORE_AUTUMN = Date.parse("2027-11-05T00:00:00Z");
const OWNER = "owner@example.com";
const FROM = "Saluda Ridge <website@example.com>";
const MAIL_ENV = ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "MAIL_REPLY_TO", "RATE_LIMIT_MULTIPLIER"] as const;

let address = 0;
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;

const person = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, phone: `(864) 555-${String(1000 + n).slice(-4)}`, service: "managed-internet" });

type SlotsBody = { timeZone: string; slots: { start: string; end: string }[] };

async function getSlots(query: string): Promise<{ status: number; body: SlotsBody }> {
  const response = await slotsRoute({ request: new Request(`http://127.0.0.1:3000/api/booking/slots${query}`) });
  return { status: response.status, body: (await response.json()) as SlotsBody };
}

async function book(body: Record<string, unknown>, route = createBookingRoute) {
  const request = jsonRequest("/api/bookings", body, { address: nextAddress() });
  const response = await route({ request, clientAddress: request.headers.get("x-forwarded-for") ?? undefined });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tokenOf = (manageUrl: unknown) => String(manageUrl).split("/").at(-1)!;
const manage = (token: string, path = "", body?: unknown) => ({
  request: new Request(`http://127.0.0.1:3000/api/bookings/manage/${token}${path}`, body === undefined ? { method: path ? "POST" : "GET" } : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  params: { token },
});

beforeEach(() => {
  process.env.TRUST_PROXY_HOPS = "1";
  process.env.RATE_LIMIT_MULTIPLIER = "100";
  forgetBusyFeed();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(BEFORE_SPRING);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => {
  for (const name of MAIL_ENV) delete process.env[name];
});

describeEachEngine("booking: slots and daylight saving", () => {
  it("keeps the 8:30 slot at 8:30 New York time on both sides of the March change", async () => {
    const { status, body } = await getSlots("?from=2027-03-12&days=4");
    expect(status).toBe(200);
    expect(body.timeZone).toBe("America/New_York");
    const firsts = ["2027-03-12", "2027-03-15"].map((date) => body.slots.find((slot) => slot.start.startsWith(date))?.start);
    expect(firsts).toEqual(["2027-03-12T08:30:00-05:00", "2027-03-15T08:30:00-04:00"]);
    // The weekend (by appointment) offers nothing online.
    expect(body.slots.some((slot) => slot.start.startsWith("2027-03-13") || slot.start.startsWith("2027-03-14"))).toBe(false);
    // The last slot of a day ends at 5:30 PM: 36 slots of 15 minutes from 8:30.
    expect(body.slots.filter((slot) => slot.start.startsWith("2027-03-15"))).toHaveLength(36);
    expect(body.slots.filter((slot) => slot.start.startsWith("2027-03-15")).at(-1)).toEqual({ start: "2027-03-15T17:15:00-04:00", end: "2027-03-15T17:30:00-04:00" });
  });

  it("keeps the 8:30 slot at 8:30 New York time on both sides of the November change", async () => {
    vi.setSystemTime(BEFORE_AUTUMN);
    const { body } = await getSlots("?from=2027-11-05&days=4");
    const firsts = ["2027-11-05", "2027-11-08"].map((date) => body.slots.find((slot) => slot.start.startsWith(date))?.start);
    expect(firsts).toEqual(["2027-11-05T08:30:00-04:00", "2027-11-08T08:30:00-05:00"]);
    expect(new Date(firsts[1]!).toISOString()).toBe("2027-11-08T13:30:00.000Z");
  });

  it("answers 400 naming the bad query field, never 500", async () => {
    for (const query of ["?from=2027-02-30", "?from=yesterday", "?days=0", "?days=1000", "?days=abc"]) {
      const { status, body } = await getSlots(query);
      expect(status, query).toBe(400);
      expect(Object.keys((body as unknown as { fields: object }).fields).length, query).toBe(1);
    }
  });
});

describeEachEngine("booking: one live booking per slot", (context: EngineContext) => {
  it("books a slot once: 201 with an absolute manage link, then 409 with fresh slots for the next visitor", async () => {
    const first = await book({ ...person(1), start: "2027-03-15T08:30:00-04:00" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ start: "2027-03-15T12:30:00.000Z", end: "2027-03-15T12:45:00.000Z" });
    expect(String(first.body.manageUrl)).toMatch(/^https?:\/\/[^/]+\/book\/manage\/[A-Za-z0-9_-]{43}$/);
    const second = await book({ ...person(2), start: "2027-03-15T12:30:00Z" });
    expect(second.status).toBe(409);
    const slots = (second.body as unknown as SlotsBody).slots;
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.some((slot) => slot.start === "2027-03-15T08:30:00-04:00")).toBe(false);
  });

  it("answers 400 for a time the rules never offer and for bad fields, 429 past two upcoming bookings per person", async () => {
    expect((await book({ ...person(1), start: "2027-03-13T10:00:00-05:00" })).status).toBe(400); // Saturday
    expect((await book({ ...person(1), start: "2027-03-15T08:40:00-04:00" })).status).toBe(400); // not on the grid
    const bad = await book({ start: "soon", email: "x", service: "nope" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object)).toEqual(expect.arrayContaining(["start", "name", "email", "phone", "service"]));
    expect((await book({ ...person(3), start: "2027-03-15T09:00:00-04:00" })).status).toBe(201);
    expect((await book({ ...person(3), start: "2027-03-15T09:15:00-04:00" })).status).toBe(201);
    const third = await book({ ...person(3), email: "other@example.com", start: "2027-03-15T09:30:00-04:00" });
    expect(third.status).toBe(429);
  });

  it("gives exactly one 201 to 30 simultaneous requests for one slot", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => book({ ...person(n + 10), start: "2027-03-16T10:00:00-04:00" })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(29);
    const db = await getDb();
    const live = await db.selectFrom("bookings").select("id").where("status", "=", "booked").execute();
    expect(live).toHaveLength(1);
  });

  it("gives exactly one 201 when two instances share the database", async () => {
    if (context.engine !== "postgres") return;
    const second = await loadSecondInstance(() => import("@/server/bookings/booking-routes"));
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => book({ ...person(n + 50), start: "2027-03-16T11:00:00-04:00" }, n % 2 === 0 ? createBookingRoute : second.modules.createBookingRoute)),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(29);
    } finally {
      await second.close();
    }
  });

  it("joins the person's lead and writes the timeline line", async () => {
    const first = await book({ ...person(4), business: "Blue Heron Dental", start: "2027-03-15T10:15:00-04:00" });
    const db = await getDb();
    const row = await db.selectFrom("bookings").select("lead_id").where("id", "=", Number(first.body.id)).executeTakeFirstOrThrow();
    const again = await book({ ...person(4), email: "VISITOR4@example.com ", start: "2027-03-16T10:15:00-04:00" });
    const second = await db.selectFrom("bookings").select("lead_id").where("id", "=", Number(again.body.id)).executeTakeFirstOrThrow();
    expect(second.lead_id).toBe(row.lead_id);
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    const lead = await getLeadDetail(Number(row.lead_id));
    expect(lead?.bookings.map((booking) => booking.start)).toEqual(["2027-03-16T14:15:00.000Z", "2027-03-15T14:15:00.000Z"]);
    const { consultationHeadline } = await import("@/lib/booking/consultation-time");
    const lines = lead!.timeline.filter((entry) => entry.type === "booking").map((entry) => consultationHeadline(entry.action, entry.start));
    expect(lines).toContain("Consultation booked for Mon Mar 15, 10:15 AM");
  });
});

describeEachEngine("booking: the private manage link", () => {
  it("shows the booking on GET and changes it only on POST; an old link shows it as it is now", async () => {
    const booked = await book({ ...person(5), start: "2027-03-15T11:00:00-04:00" });
    const token = tokenOf(booked.body.manageUrl);
    for (let n = 0; n < 3; n += 1) {
      const read = await manageReadRoute(manage(token));
      expect(await read.json()).toMatchObject({ id: booked.body.id, start: "2027-03-15T15:00:00.000Z", status: "booked" });
    }
    const moved = await manageRescheduleRoute(manage(token, "/reschedule", { start: "2027-03-16T14:00:00-04:00" }));
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: booked.body.id, start: "2027-03-16T18:00:00.000Z", status: "booked" });
    // The old time is free again, and the person still holds one live booking.
    expect((await book({ ...person(6), start: "2027-03-15T11:00:00-04:00" })).status).toBe(201);
    const db = await getDb();
    expect(await db.selectFrom("bookings").select("id").where("email_key", "=", "visitor5@example.com").where("status", "=", "booked").execute()).toHaveLength(1);
    const cancelled = await manageCancelRoute(manage(token, "/cancel"));
    expect(cancelled.status).toBe(200);
    expect(await (await manageReadRoute(manage(token))).json()).toMatchObject({ status: "cancelled", start: "2027-03-16T18:00:00.000Z" });
    expect((await manageCancelRoute(manage(token, "/cancel"))).status).toBe(409);
    expect((await manageReadRoute(manage("A".repeat(43)))).status).toBe(404);
    expect((await manageReadRoute(manage("short"))).status).toBe(404);
  });
});

describeEachEngine("booking: e-mails calendars understand", () => {
  let sink: SmtpSink | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
  });
  beforeEach(() => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.MAIL_FROM = FROM;
    process.env.LEADS_TO = OWNER;
  });
  afterEach(async () => {
    await stopOutboxWorker();
    await sink?.close();
    sink = undefined;
    for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO"]) delete process.env[name];
  });

  const vevent = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const event = calendar.getFirstSubcomponent("vevent")!;
    return { calendar, event };
  };

  it("sends an iTIP REQUEST to the visitor and the owner, then a CANCEL with the same UID and a higher SEQUENCE, never before its request", async () => {
    const booked = await book({ ...person(7), start: "2027-03-15T08:30:00-04:00" });
    const token = tokenOf(booked.body.manageUrl);
    // Cancelled while the SMTP server is down, before the invitation could go: the invitations
    // wait for a retry, and the cancellations wait for them.
    await manageCancelRoute(manage(token, "/cancel"));
    await drainOutbox();
    const later = Date.now() + 3_600_000;
    expect(await claimOutboxBatch("test-worker", 50, 60_000, later, ["booking-cancellation"])).toEqual([]);

    sink = await startSmtpSink(port);
    vi.setSystemTime(later);
    await drainOutbox();
    await drainOutbox();
    const subjects = sink.messages.filter((mail) => JSON.stringify(mail.to).includes("visitor7@example.com")).map((mail) => mail.subject ?? "");
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/^Your consultation/);
    expect(subjects[1]).toMatch(/^Cancelled/);
    const icsOf = (to: string, method: string) =>
      sink!.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes(to)).flatMap((mail) => mail.attachments.filter((part) => part.contentType.startsWith("text/calendar")).map((part) => part.content.toString())).find((text) => text.includes(`METHOD:${method}`));
    const request = icsOf("visitor7@example.com", "REQUEST");
    const cancel = icsOf("visitor7@example.com", "CANCEL");
    expect(request).toBeDefined();
    expect(cancel).toBeDefined();
    expect(icsOf(OWNER, "REQUEST")).toBeDefined();

    const invitation = vevent(request!);
    expect(invitation.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(String(invitation.event.getFirstPropertyValue("organizer")).toLowerCase()).toBe("mailto:website@example.com");
    const attendee = invitation.event.getFirstProperty("attendee")!;
    expect(attendee.getParameter("rsvp")).toBe("TRUE");
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:visitor7@example.com");
    expect((invitation.event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe("2027-03-15T12:30:00.000Z");
    expect(request).toMatch(/DTSTART:20270315T123000Z/);
    const cancellation = vevent(cancel!);
    expect(cancellation.event.getFirstPropertyValue("uid")).toBe(invitation.event.getFirstPropertyValue("uid"));
    expect(Number(cancellation.event.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(invitation.event.getFirstPropertyValue("sequence")));
  });

  it("keeps the UID and raises SEQUENCE on a move, and sends no reminder for a moved or cancelled time", async () => {
    const booked = await book({ ...person(8), start: "2027-03-16T09:00:00-04:00" });
    const token = tokenOf(booked.body.manageUrl);
    const reminders = async () => (await listOutbox()).filter((item) => item.kind === "booking-reminder").map((item) => item.nextAttemptAt).sort();
    expect(await reminders()).toEqual([Date.parse("2027-03-15T13:00:00Z"), Date.parse("2027-03-16T12:00:00Z")]);
    await manageRescheduleRoute(manage(token, "/reschedule", { start: "2027-03-17T09:00:00-04:00" }));
    expect(await reminders()).toEqual([Date.parse("2027-03-16T13:00:00Z"), Date.parse("2027-03-17T12:00:00Z")]);
    const invitations = (await listOutbox()).filter((item) => item.kind === "booking-invitation" && item.payload.to === "visitor8@example.com");
    const [before, after] = invitations.map((item) => vevent(item.payload.icalEvent!.content).event);
    expect(after!.getFirstPropertyValue("uid")).toBe(before!.getFirstPropertyValue("uid"));
    expect(Number(after!.getFirstPropertyValue("sequence"))).toBe(Number(before!.getFirstPropertyValue("sequence")) + 1);
    await manageCancelRoute(manage(token, "/cancel"));
    expect(await reminders()).toEqual([]);
  });

  it("sends the reminders when the clock reaches them, and none whose time had passed at booking", async () => {
    // Booked 3 hours ahead: the 24-hour reminder's time has passed already.
    vi.setSystemTime(Date.parse("2027-03-15T13:00:00Z")); // 9:00 AM EDT
    await book({ ...person(9), start: "2027-03-15T12:00:00-04:00" });
    const due = (at: number) => claimOutboxBatch("clock", 50, 60_000, at, ["booking-reminder"]);
    expect((await listOutbox()).filter((item) => item.kind === "booking-reminder")).toHaveLength(1);
    expect(await due(Date.parse("2027-03-15T14:59:00Z"))).toHaveLength(0);
    const sent = await due(Date.parse("2027-03-15T15:00:00Z"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.subject).toContain("in one hour");
  });
});
