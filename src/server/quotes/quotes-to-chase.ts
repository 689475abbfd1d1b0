import { QUOTE_EXPIRY_WARNING_DAYS, type QuoteToChase } from "@/lib/quotes/quote-types";
import { getDb } from "@/server/db/connection";
import { isoFromMillis } from "@/server/db/schema";
import { addDays, isoDate, parseIsoDate } from "@/server/bookings/slot-engine";
import { businessDate } from "@/server/business-time";
import { displayNumber } from "./quote-number";

const DAY_MS = 24 * 60 * 60 * 1000;
/** More than the owner can chase in a day; the lead list has the rest. */
const TODAY_QUOTES_LIMIT = 50;

/** Calendar days from `from` to `to` (both YYYY-MM-DD): whole days, whatever the clocks did in between. */
function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const { year, month, day } = parseIsoDate(date)!;
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * Open quotes (sent or viewed, not past their last day) that the customer has looked at, or
 * whose last day is at most three days away in New York: the soonest to end first, since a
 * quote that lapses is a job that has to be quoted again.
 */
export async function quotesToChase(now = Date.now()): Promise<{ items: QuoteToChase[] }> {
  const db = await getDb();
  const today = businessDate(now);
  // Counted on the calendar, not in hours: a day of 23 or 25 hours is still one day.
  const firstUnwarnedDay = isoDate(addDays(parseIsoDate(today)!, QUOTE_EXPIRY_WARNING_DAYS + 1));
  const rows = await db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "leads.name",
      "quotes.number",
      "quotes.revision",
      "quotes.one_time_cents",
      "quotes.monthly_cents",
      "quotes.valid_until",
      "quotes.viewed_at",
    ])
    .where("quotes.status", "in", ["sent", "viewed"])
    .where("quotes.expires_at", ">", now)
    .where((eb) => eb.or([eb("quotes.viewed_at", "is not", null), eb("quotes.valid_until", "<", firstUnwarnedDay)]))
    .orderBy("quotes.expires_at", "asc")
    .orderBy("quotes.id", "asc")
    .limit(TODAY_QUOTES_LIMIT)
    .execute();
  return {
    items: rows.map((row) => ({
      quoteId: Number(row.id),
      leadId: Number(row.lead_id),
      name: row.name,
      number: displayNumber(row.number, row.revision),
      oneTimeCents: Number(row.one_time_cents),
      monthlyCents: Number(row.monthly_cents),
      validUntil: row.valid_until,
      daysLeft: daysBetween(today, row.valid_until),
      viewedAt: row.viewed_at === null ? null : isoFromMillis(Number(row.viewed_at)),
    })),
  };
}
