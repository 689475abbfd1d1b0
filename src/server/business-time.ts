import { site } from "@/content/site";

/** The business's clock: "today", follow-ups due, date filters, report ranges and a quote's last day are days in this zone. */
export const BUSINESS_TIME_ZONE = site.hours.regular.timeZone;

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the business day `date` (YYYY-MM-DD) begins. */
export function startOfBusinessDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  const first = midnightUtc - zoneOffset(midnightUtc);
  // Across a DST change the offset at the guess may differ from the offset at the answer.
  return midnightUtc - zoneOffset(first);
}

/** The business day (YYYY-MM-DD) `instant` falls in. */
export function businessDate(instant: number): string {
  return new Date(instant + zoneOffset(instant)).toISOString().slice(0, 10);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The first instant after the business day `instant` falls in. */
export function endOfBusinessDay(instant: number): number {
  return startOfBusinessDay(nextDate(businessDate(instant)));
}
