import { TZDate, tzOffset } from "@date-fns/tz";
import type { Availability } from "@/lib/booking/availability-schema";
import { CONSULTATION_MINUTES } from "@/lib/booking/booking-schema";

const MINUTE_MS = 60_000;
const SLOT_MS = CONSULTATION_MINUTES * MINUTE_MS;

/** A span of time in epoch milliseconds, end excluded. */
export interface Interval {
  start: number;
  end: number;
}

export interface Slot extends Interval {
  /** The slot's calendar date in the business's zone, YYYY-MM-DD. */
  date: string;
}

/** A calendar date in the business's zone. */
export interface LocalDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

export interface SlotQuery {
  availability: Availability;
  timeZone: string;
  now: number;
  /** First date asked for; days before today are skipped. */
  from: LocalDate;
  days: number;
  /** Live bookings, sorted by start: their slots are taken, and the buffers keep their neighbours free. */
  booked: readonly Interval[];
  /** The owner's busy events, sorted by start and merged (busy-feed.ts). */
  busy: readonly Interval[];
}

export function isoDate({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function parseIsoDate(value: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The date `count` days after `date` (calendar arithmetic, no zone involved). */
export function addDays(date: LocalDate, count: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + count));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/*
 * Zone arithmetic through @date-fns/tz's `tzOffset` (the zone's UTC offset at an instant,
 * from the platform's time zone data) rather than a TZDate per value: the slot engine
 * turns dates and clock times into instants a few dozen times per request, and building
 * a TZDate costs about ten times more.
 */
const offsetMs = (timeZone: string, instant: number) => tzOffset(timeZone, new Date(instant)) * MINUTE_MS;

export function localDateAt(instant: number, timeZone: string): LocalDate {
  const local = new Date(instant + offsetMs(timeZone, instant));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * The instant a wall-clock time on a date has in `timeZone`. The offset is read at a first
 * guess and again at the result, and the reading that gives back the wall time wins, so a
 * time on the day the clocks change gets the right side's offset; a time the change skips
 * (2:30 AM in March) moves forward, as clocks do.
 */
export function instantOf(date: LocalDate, clock: string, timeZone: string): number {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  const wall = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  const first = wall - offsetMs(timeZone, wall);
  const second = wall - offsetMs(timeZone, first);
  const keeps = (instant: number) => wall - offsetMs(timeZone, instant) === instant;
  if (keeps(second)) return second;
  if (keeps(first)) return first;
  // No instant shows this wall time (the hour the clocks skip): the later reading, as TZDate does.
  return Math.max(first, second);
}

/** An instant as ISO 8601 in the business's zone, with its offset: 2027-03-15T08:30:00-04:00. */
export function zonedIso(instant: number, timeZone: string): string {
  return new TZDate(instant, timeZone).toISOString().replace(/\.\d{3}(?=[+-Z])/, "");
}

function dayCompare(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The 15-minute slots the site offers, in order. The rules (docs/booking.md): the week's
 * hours, or a date's exception instead; never a weekend; not before the minimum notice
 * (or not today), not past the horizon; no slot whose time, widened by the buffers,
 * touches a live booking or a busy event; no slot at all on a day that reached its cap.
 * Every check walks the sorted intervals with a moving cursor, so the whole range costs
 * one pass over the slots plus one over the bookings and busy events.
 */
export function computeSlots(query: SlotQuery): Slot[] {
  const { availability, timeZone, now } = query;
  const today = localDateAt(now, timeZone);
  const lastDay = addDays(today, availability.horizonDays - 1);
  const earliest = availability.minimumNotice.kind === "hours" ? now + availability.minimumNotice.hours * 60 * MINUTE_MS : now;
  const before = availability.bufferBeforeMinutes * MINUTE_MS;
  const after = availability.bufferAfterMinutes * MINUTE_MS;
  const exceptions = new Map(availability.exceptions.map((exception) => [exception.date, exception.hours]));
  // Two cursors over lists already sorted: the busy feed's intervals were merged once per
  // read of the feed, so nothing is sorted or copied per request.
  const booked = new IntervalCursor(query.booked);
  const busy = new IntervalCursor(query.busy);
  const perDay = availability.maxPerDay === null ? null : countByDate(query.booked, timeZone);

  const slots: Slot[] = [];
  let date = dayCompare(query.from, today) < 0 ? today : query.from;
  const end = addDays(query.from, query.days);
  for (; dayCompare(date, end) < 0 && dayCompare(date, lastDay) <= 0; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    if (weekday > 5) continue;
    if (availability.minimumNotice.kind === "not-today" && dayCompare(date, today) === 0) continue;
    const key = isoDate(date);
    if (perDay && availability.maxPerDay !== null && (perDay.get(key) ?? 0) >= availability.maxPerDay) continue;
    const hours = exceptions.get(key) ?? availability.weekly[weekday as 1 | 2 | 3 | 4 | 5];
    // Overlapping ranges are joined, so the slots come in order and the cursor only moves forward.
    const windows = mergeIntervals(hours.map((range) => ({ start: instantOf(date, range.start, timeZone), end: instantOf(date, range.end, timeZone) })));
    for (const window of windows) {
      for (let start = window.start; start + SLOT_MS <= window.end; start += SLOT_MS) {
        if (start < earliest) continue;
        const wideStart = start - before;
        const wideEnd = start + SLOT_MS + after;
        if (booked.overlaps(wideStart, wideEnd) || busy.overlaps(wideStart, wideEnd)) continue;
        slots.push({ start, end: start + SLOT_MS, date: key });
      }
    }
  }
  return slots;
}

/**
 * Answers "does any interval overlap [start, end)?" for windows asked in increasing order,
 * over intervals sorted by start: intervals that end before a window are passed for good,
 * and the longest end seen so far covers an early-starting long interval.
 */
class IntervalCursor {
  private next = 0;
  /** Intervals already passed by start whose end reaches furthest. */
  private reach = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervals: readonly Interval[]) {}

  overlaps(start: number, end: number): boolean {
    while (this.next < this.intervals.length && this.intervals[this.next]!.start < end) {
      this.reach = Math.max(this.reach, this.intervals[this.next]!.end);
      this.next += 1;
    }
    return this.reach > start;
  }
}

/** Sorted, overlapping or touching intervals joined into one. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function countByDate(booked: readonly Interval[], timeZone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const booking of booked) {
    const key = isoDate(localDateAt(booking.start, timeZone));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The slot starting at `start` when the same rules offer it now. */
export function findOfferedSlot(query: Omit<SlotQuery, "from" | "days">, start: number): Slot | undefined {
  const from = localDateAt(start, query.timeZone);
  return computeSlots({ ...query, from, days: 1 }).find((slot) => slot.start === start);
}
