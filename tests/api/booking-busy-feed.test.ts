import { lookup } from "node:dns/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import ipaddr from "ipaddr.js";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { defaultAvailability, saveAvailability } from "@/server/bookings/availability-store";
import { slotsRoute } from "@/server/bookings/booking-routes";
import { busyFeedStatus, busyFeedUrlProblem, downloadFeed, forgetBusyFeed } from "@/server/bookings/busy-feed";
import { describeEachEngine } from "../support/test-database";

/** Thursday 2027-03-11, 8 PM in New York: the next two weeks straddle the March daylight-saving change. */
const NOW = Date.parse("2027-03-12T01:00:00Z");

/**
 * The owner's busy calendar as Google exports it: a meeting every Monday and Wednesday at
 * 10:00 New York time, with one occurrence moved (Wed 17th to 3:00 PM) and one cancelled
 * (Mon 22nd, EXDATE); and a "free" (transparent) event that blocks nothing.
 */
const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Busy//EN",
  "BEGIN:VEVENT",
  "UID:weekly@test",
  "DTSTAMP:20270301T000000Z",
  "DTSTART:20270315T140000Z",
  "DTEND:20270315T150000Z",
  "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8",
  "EXDATE:20270322T140000Z",
  "SUMMARY:Standing meeting",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weekly@test",
  "DTSTAMP:20270301T000000Z",
  "RECURRENCE-ID:20270317T140000Z",
  "DTSTART:20270317T190000Z",
  "DTEND:20270317T193000Z",
  "SUMMARY:Standing meeting (moved)",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:free@test",
  "DTSTAMP:20270301T000000Z",
  "DTSTART:20270316T170000Z",
  "DTEND:20270316T180000Z",
  "TRANSP:TRANSPARENT",
  "SUMMARY:Lunch (free)",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

type FeedServer = { url: (host: string) => string; requests: number; connections: number; close: () => Promise<void> };

/** A calendar server on `address`: every request gets the feed, and it counts what reached it. */
async function serveFeed(address: string): Promise<FeedServer> {
  const state = { requests: 0, connections: 0 };
  const server = http.createServer((_request, response) => {
    state.requests += 1;
    response.writeHead(200, { "content-type": "text/calendar" });
    response.end(FEED);
  });
  server.on("connection", () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (host) => `http://${host}:${port}/busy.ics`,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function slotStarts(from: string, days: number): Promise<string[]> {
  const response = await slotsRoute({ request: new Request(`http://127.0.0.1:3000/api/booking/slots?from=${from}&days=${days}`) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
}

let feed: FeedServer | undefined;

beforeEach(() => {
  forgetBusyFeed();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await feed?.close();
  feed = undefined;
  delete process.env.BOOKING_FEED_ALLOW_PRIVATE;
  forgetBusyFeed();
});

describeEachEngine("booking: the owner's busy calendar, read over HTTP", () => {
  it("does not offer the slots a recurring event covers, honouring its moved and cancelled occurrences", async () => {
    process.env.BOOKING_FEED_ALLOW_PRIVATE = "1";
    feed = await serveFeed("127.0.0.1");
    await saveAvailability({ ...defaultAvailability(), busyFeedUrl: feed.url("127.0.0.1") });

    const starts = await slotStarts("2027-03-15", 10);
    expect(feed.requests).toBe(1);
    const offered = (time: string) => starts.includes(time);
    // Monday 15th: the 10:00–11:00 meeting takes four slots; its neighbours stay open.
    expect(["10:00", "10:15", "10:30", "10:45"].map((time) => offered(`2027-03-15T${time}:00-04:00`))).toEqual([false, false, false, false]);
    expect(offered("2027-03-15T09:45:00-04:00") && offered("2027-03-15T11:00:00-04:00")).toBe(true);
    // Wednesday 17th: that occurrence moved to 3:00–3:30 PM, so 10:00 is free and 3:00 is not.
    expect(offered("2027-03-17T10:00:00-04:00")).toBe(true);
    expect([offered("2027-03-17T15:00:00-04:00"), offered("2027-03-17T15:15:00-04:00"), offered("2027-03-17T15:30:00-04:00")]).toEqual([false, false, true]);
    // Monday 22nd: cancelled by EXDATE. Wednesday 24th: the rule again.
    expect(offered("2027-03-22T10:00:00-04:00")).toBe(true);
    expect(offered("2027-03-24T10:15:00-04:00")).toBe(false);
    // Tuesday 16th: the transparent lunch blocks nothing.
    expect(offered("2027-03-16T13:00:00-04:00")).toBe(true);

    // Read once per 10 minutes, not per request.
    await slotStarts("2027-03-15", 1);
    expect(feed.requests).toBe(1);
    vi.setSystemTime(NOW + 10 * 60_000);
    await slotStarts("2027-03-15", 1);
    expect(feed.requests).toBe(2);
    expect(busyFeedStatus(feed.url("127.0.0.1"))).toMatchObject({ error: null, readAt: new Date(NOW + 10 * 60_000).toISOString() });
  });

  it("refuses a feed whose host name resolves to a loopback or private address, unless BOOKING_FEED_ALLOW_PRIVATE is on", async (test) => {
    // This machine's own name: not a literal address and not "localhost", so only resolving it tells.
    const host = hostname();
    const resolved = await lookup(host).catch(() => undefined);
    if (!resolved || ipaddr.process(resolved.address).range() === "unicast") test.skip("this machine's host name does not resolve to a non-public address");
    feed = await serveFeed(resolved!.address);
    const httpsUrl = feed.url(host).replace(/^http:/, "https:");

    // The name passes the check on save; the lookup refuses it before any connection is made.
    expect(busyFeedUrlProblem(httpsUrl)).toBeNull();
    await expect(downloadFeed(httpsUrl)).rejects.toThrow(/resolves to a non-public address/);
    expect(feed.connections).toBe(0);

    // Saved anyway, it blocks nothing, and the availability screen shows why.
    await saveAvailability({ ...defaultAvailability(), busyFeedUrl: httpsUrl });
    const open = await slotStarts("2027-03-15", 1);
    expect(open).toHaveLength(36);
    expect(busyFeedStatus(httpsUrl).error).toMatch(/non-public address/);
    expect(feed.connections).toBe(0);

    // With BOOKING_FEED_ALLOW_PRIVATE=1 (tests only), the same name is read.
    process.env.BOOKING_FEED_ALLOW_PRIVATE = "1";
    expect(await downloadFeed(feed.url(host))).toContain("UID:weekly@test");
    expect(feed.requests).toBe(1);
  });
});
