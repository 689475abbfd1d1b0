import { TZDate } from "@date-fns/tz";
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

export function localDateAt(instant: number, timeZone: string): LocalDate {
  const local = new TZDate(instant, timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The instant a wall-clock time on a date has in `timeZone` (a DST-skipped time moves forward, as the zone rules do). */
export function instantOf(date: LocalDate, clock: string, timeZone: string): number {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return new TZDate(date.year, date.month - 1, date.day, hours, minutes, timeZone).getTime();
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
  const blockers = mergeIntervals([...query.booked, ...query.busy]);
  const perDay = availability.maxPerDay === null ? null : countByDate(query.booked, timeZone);

  const slots: Slot[] = [];
  let cursor = 0;
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
        while (cursor < blockers.length && blockers[cursor]!.end <= wideStart) cursor += 1;
        const blocker = blockers[cursor];
        if (blocker && blocker.start < wideEnd) continue;
        slots.push({ start, end: start + SLOT_MS, date: key });
      }
    }
  }
  return slots;
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
