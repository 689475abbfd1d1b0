import { businessDate, nextDate, startOfBusinessDay } from "@/server/business-time";

// Quotes live on the business's calendar (America/New_York), the business's one clock (src/server/business-time.ts), as the desk's and the reports' days are.

/** A quote can be accepted for this many days by default (the last of them included). */
export const QUOTE_VALID_DAYS = 30;

/** The default last day: 30 days after today in the business's zone (America/New_York). */
export function defaultValidUntil(now: number): string {
  let date = businessDate(now);
  for (let day = 0; day < QUOTE_VALID_DAYS; day += 1) date = nextDate(date);
  return date;
}

/**
 * The instant a quote valid until `date` stops being acceptable: the END of that day in
 * America/New_York (midnight that follows it), never its start (a tracker's complaint).
 */
export function quoteExpiresAt(date: string): number {
  return startOfBusinessDay(nextDate(date));
}

/** A last day before today is refused: the quote would be born expired. */
export function isPastDay(date: string, now: number): boolean {
  return date < businessDate(now);
}

/** The business year a quote created at `now` is numbered in. */
export function quoteYear(now: number): number {
  return Number(businessDate(now).slice(0, 4));
}
