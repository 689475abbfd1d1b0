import type { Kysely } from "kysely";
import type { Availability } from "@/lib/booking/availability-schema";
import { getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";
import { BOOKING_TIME_ZONE, loadAvailability } from "./availability-store";
import { liveBookingIntervals } from "./booking-store";
import { busyIntervals } from "./busy-feed";
import { addDays, computeSlots, type Interval, instantOf, type LocalDate, localDateAt, type Slot, zonedIso } from "./slot-engine";

const DAY_MS = 86_400_000;

/** What the slot engine needs besides the dates: the owner's rules and busy times, read once per request. */
export interface SlotContext {
  availability: Availability;
  busy: Interval[];
  now: number;
}

export async function slotContext(now = Date.now()): Promise<SlotContext> {
  const availability = await loadAvailability();
  return { availability, busy: await busyIntervals(availability.busyFeedUrl, now), now };
}

/** The slots offered from `from` for `days` days, live bookings read through `executor`. */
export async function offeredSlots(context: SlotContext, from: LocalDate, days: number, executor?: Kysely<Database>): Promise<Slot[]> {
  const db = executor ?? (await getDb());
  // A day's cap counts every booking of the day, so read whole days (with a day's margin for the buffers).
  const start = instantOf(from, "00:00", BOOKING_TIME_ZONE) - DAY_MS;
  const end = instantOf(addDays(from, days), "00:00", BOOKING_TIME_ZONE) + DAY_MS;
  const booked = await liveBookingIntervals(db, start, end);
  return computeSlots({ availability: context.availability, timeZone: BOOKING_TIME_ZONE, now: context.now, from, days, booked, busy: context.busy });
}

/** Whether `start` is one of the slots offered now (read through `executor`, the booking's transaction). */
export async function isOffered(context: SlotContext, start: number, executor: Kysely<Database>): Promise<boolean> {
  const slots = await offeredSlots(context, localDateAt(start, BOOKING_TIME_ZONE), 1, executor);
  return slots.some((slot) => slot.start === start);
}

/** Whether `start` would be offered if nobody had booked anything: a time the rules never offer is bad input (400), not taken (409). */
export function isWithinRules(context: SlotContext, start: number): boolean {
  const from = localDateAt(start, BOOKING_TIME_ZONE);
  return computeSlots({ availability: context.availability, timeZone: BOOKING_TIME_ZONE, now: context.now, from, days: 1, booked: [], busy: [] }).some((slot) => slot.start === start);
}

/** The slots API's shape: ISO times with the business's offset. */
export function slotsAnswer(slots: readonly Slot[]) {
  return { timeZone: BOOKING_TIME_ZONE, slots: slots.map((slot) => ({ start: zonedIso(slot.start, BOOKING_TIME_ZONE), end: zonedIso(slot.end, BOOKING_TIME_ZONE) })) };
}

/** The first day the slots API and /book show by default: today in the business's zone. */
export function businessToday(now = Date.now()): LocalDate {
  return localDateAt(now, BOOKING_TIME_ZONE);
}
