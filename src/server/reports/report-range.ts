import type { ReportPeriod } from "@/lib/reports";
import { businessDate, nextDate, startOfBusinessDay } from "@/server/business-time";

/**
 * A report's range: the days `from` to `to` (YYYY-MM-DD, both included) in New York, as
 * the instants [start, end) a lead's first submission must fall in.
 */
export type ReportRange = { from: string; to: string; start: number; end: number };

/** A part of a range a report counts on its own: a week (key: its Monday) or a month (key: YYYY-MM). */
export type ReportBucket = { key: string; start: number; end: number };

const DAY_MS = 86_400_000;

export function reportRange(from: string, to: string): ReportRange {
  return { from, to, start: startOfBusinessDay(from), end: startOfBusinessDay(nextDate(to)) };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `date` falls in (weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The last `weeks` weeks up to today (New York), this week included: the screen's period and the API's default. */
export function lastWeeks(weeks: ReportPeriod, now: number): ReportRange {
  const today = businessDate(now);
  return reportRange(addDays(mondayOf(today), -7 * (weeks - 1)), today);
}

/** Every week the range touches, oldest first; the first and last are cut to the range. */
export function weekBuckets(range: ReportRange): ReportBucket[] {
  const buckets: ReportBucket[] = [];
  for (let monday = mondayOf(range.from); monday <= range.to; monday = addDays(monday, 7)) {
    buckets.push({ key: monday, start: Math.max(range.start, startOfBusinessDay(monday)), end: Math.min(range.end, startOfBusinessDay(addDays(monday, 7))) });
  }
  return buckets;
}

function firstOfNextMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
}

/** Every month the range touches, oldest first; the first and last are cut to the range. */
export function monthBuckets(range: ReportRange): ReportBucket[] {
  const buckets: ReportBucket[] = [];
  for (let month = range.from.slice(0, 7); month <= range.to.slice(0, 7); month = firstOfNextMonth(month).slice(0, 7)) {
    buckets.push({ key: month, start: Math.max(range.start, startOfBusinessDay(`${month}-01`)), end: Math.min(range.end, startOfBusinessDay(firstOfNextMonth(month))) });
  }
  return buckets;
}
