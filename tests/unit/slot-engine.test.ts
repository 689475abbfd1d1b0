import { describe, expect, it } from "vitest";
import { formatConsultationTime, formatConsultationTimeIn } from "@/lib/booking/consultation-time";
import { defaultAvailability } from "@/server/bookings/availability-store";
import { busyFeedUrlProblem, busyIntervalsOf } from "@/server/bookings/busy-feed";
import { computeSlots, type SlotQuery, zonedIso } from "@/server/bookings/slot-engine";

const ZONE = "America/New_York";
/** Thursday 2027-03-11, 8 PM EST. */
const NOW = Date.parse("2027-03-12T01:00:00Z");

function slots(overrides: Partial<SlotQuery> = {}, availability = defaultAvailability()) {
  return computeSlots({ availability, timeZone: ZONE, now: NOW, from: { year: 2027, month: 3, day: 15 }, days: 1, booked: [], busy: [], ...overrides }).map((slot) => zonedIso(slot.start, ZONE).slice(11, 16));
}

describe("the slot engine", () => {
  it("shows a Los Angeles visitor 5:30 AM beside the 8:30 slot, on both sides of the change", () => {
    for (const start of ["2027-03-12T08:30:00-05:00", "2027-03-15T08:30:00-04:00", "2027-11-08T08:30:00-05:00"]) {
      expect(formatConsultationTime(start)).toMatch(/ 8:30 AM$/);
      expect(formatConsultationTimeIn(start, "America/Los_Angeles")).toMatch(/ 5:30 AM$/);
    }
    expect(formatConsultationTime("2027-03-15T12:30:00Z")).toBe("Mon Mar 15, 8:30 AM");
  });

  it("keeps buffers around a booking and a busy event, and honours a day off, extra hours, the cap and 'not today'", () => {
    const at = (clock: string) => Date.parse(`2027-03-15T${clock}:00-04:00`);
    const availability = { ...defaultAvailability(), bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    const around = slots({ booked: [{ start: at("10:00"), end: at("10:15") }], busy: [{ start: at("13:00"), end: at("14:00") }] }, availability);
    expect(around).not.toContain("09:45");
    expect(around).not.toContain("10:00");
    expect(around).not.toContain("10:15");
    expect(around).toContain("09:30");
    expect(around).toContain("10:30");
    expect(around).not.toContain("12:45");
    expect(around).not.toContain("14:00");
    expect(around).toContain("14:15");

    expect(slots({}, { ...defaultAvailability(), exceptions: [{ date: "2027-03-15", hours: [] }] })).toEqual([]);
    expect(slots({}, { ...defaultAvailability(), exceptions: [{ date: "2027-03-15", hours: [{ start: "18:00", end: "18:30" }] }] })).toEqual(["18:00", "18:15"]);
    expect(slots({ booked: [{ start: at("09:00"), end: at("09:15") }] }, { ...defaultAvailability(), maxPerDay: 1 })).toEqual([]);
    const today = { year: 2027, month: 3, day: 15 };
    const morning = Date.parse("2027-03-15T12:00:00Z");
    expect(slots({ now: morning, from: today }, { ...defaultAvailability(), minimumNotice: { kind: "not-today" } })).toEqual([]);
    expect(slots({ now: morning, from: today }, { ...defaultAvailability(), minimumNotice: { kind: "hours", hours: 2 } })[0]).toBe("10:00");
  });

  it("stops at the horizon: 14 days by default, today included", () => {
    const all = computeSlots({ availability: defaultAvailability(), timeZone: ZONE, now: NOW, from: { year: 2027, month: 3, day: 11 }, days: 31, booked: [], busy: [] });
    expect(zonedIso(all.at(-1)!.start, ZONE).slice(0, 10)).toBe("2027-03-24");
  });
});

describe("the busy feed", () => {
  const feed = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:standup@test
DTSTAMP:20270301T000000Z
DTSTART;TZID=America/New_York:20270308T090000
DTEND;TZID=America/New_York:20270308T093000
RRULE:FREQ=DAILY;COUNT=10
EXDATE;TZID=America/New_York:20270316T090000
SUMMARY:Standup
END:VEVENT
BEGIN:VEVENT
UID:standup@test
DTSTAMP:20270301T000000Z
RECURRENCE-ID;TZID=America/New_York:20270315T090000
DTSTART;TZID=America/New_York:20270315T110000
DTEND;TZID=America/New_York:20270315T113000
SUMMARY:Standup moved
END:VEVENT
BEGIN:VEVENT
UID:free@test
DTSTAMP:20270301T000000Z
DTSTART:20270315T170000Z
DTEND:20270315T180000Z
TRANSP:TRANSPARENT
SUMMARY:Free time
END:VEVENT
END:VCALENDAR`;

  it("expands recurring events with their exceptions in the event's zone, across the DST change, and skips free time", () => {
    const busy = busyIntervalsOf(feed.replace(/\n/g, "\r\n"), NOW);
    const starts = busy.map((interval) => new Date(interval.start).toISOString());
    expect(starts).toContain("2027-03-12T14:00:00.000Z"); // 9:00 EST
    expect(starts).toContain("2027-03-17T13:00:00.000Z"); // 9:00 EDT
    expect(starts).toContain("2027-03-15T15:00:00.000Z"); // the moved occurrence, 11:00 EDT
    expect(starts).not.toContain("2027-03-15T13:00:00.000Z"); // replaced by the move
    expect(starts).not.toContain("2027-03-16T13:00:00.000Z"); // EXDATE
    expect(starts).not.toContain("2027-03-15T17:00:00.000Z"); // transparent
    const offered = slots({ busy });
    expect(offered).toContain("09:00");
    expect(offered).not.toContain("11:00");
  });

  it("refuses feed addresses that are not https or not public (SSRF)", () => {
    expect(busyFeedUrlProblem("https://calendar.google.com/calendar/ical/x/basic.ics")).toBeNull();
    for (const url of ["http://calendar.example.com/x.ics", "https://127.0.0.1/x.ics", "https://10.0.0.5/x.ics", "https://[::1]/x.ics", "https://localhost/x.ics", "https://169.254.169.254/latest", "file:///etc/passwd", "https://user:pw@example.com/x.ics"]) {
      expect(busyFeedUrlProblem(url), url).not.toBeNull();
    }
  });
});
