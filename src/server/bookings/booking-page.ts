import { BOOKING_HONEYPOT_FIELD } from "@/lib/booking/booking-schema";
import type { BookingFormValues, BookingPageState, BookingSummary, DayView } from "@/lib/booking/booking-view";
import { formatConsultationTime } from "@/lib/booking/consultation-time";
import { fieldErrors } from "@/lib/field-errors";
import { routes } from "@/lib/routes";
import { LIMITS } from "@/lib/validation/limits";
import { clientAddress } from "@/server/http/client-address";
import { readBodyBytes } from "@/server/http/json-responses";
import { BOOKING_TIME_ZONE } from "./availability-store";
import { bookConsultation } from "./book-consultation";
import { googleCalendarUrl, manageUrlOf } from "./booking-calendar";
import { CONSULTATION_SUMMARY } from "./booking-emails";
import type { BookingRow } from "./booking-store";
import { businessToday, offeredSlots, type SlotContext, slotContext } from "./bookable-slots";
import { type Slot, parseIsoDate, zonedIso } from "./slot-engine";

const dayHeading = new Intl.DateTimeFormat("en-US", { timeZone: BOOKING_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });
const clock = new Intl.DateTimeFormat("en-US", { timeZone: BOOKING_TIME_ZONE, hour: "numeric", minute: "2-digit" });

/** The days with slots within the owner's horizon, each with its slots, for the server-rendered day list. */
export async function bookableDays(context?: SlotContext): Promise<DayView[]> {
  const slots = context ?? (await slotContext());
  const offered = await offeredSlots(slots, businessToday(slots.now), slots.availability.horizonDays);
  const days = new Map<string, Slot[]>();
  for (const slot of offered) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return [...days.entries()].map(([date, daySlots]) => ({
    date,
    label: dayHeading.format(new Date(daySlots[0]!.start)),
    slots: daySlots.map((slot) => ({ start: zonedIso(slot.start, BOOKING_TIME_ZONE), label: clock.format(new Date(slot.start)) })),
  }));
}

/** The day the page opens on: the one asked for (`?day=`) when it has slots, else the first that does. */
export function chosenDay(days: readonly DayView[], asked: string | null): string | null {
  if (asked && parseIsoDate(asked) && days.some((day) => day.date === asked)) return asked;
  return days[0]?.date ?? null;
}

const FORM_FIELDS = ["start", "name", "email", "phone", "business", "service", "note", BOOKING_HONEYPOT_FIELD] as const;

/** A posted HTML form's fields, or null for a body no browser form sends. */
export async function readBookingForm(request: Request): Promise<Record<string, string> | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") return null;
  try {
    const bytes = await readBodyBytes(request, LIMITS.bodyBytesMax);
    if (bytes === null) return null;
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    const values: Record<string, string> = {};
    for (const name of FORM_FIELDS) {
      const value = form.get(name);
      // An empty box is no value, as in the JSON the script would send, so it gets its field's own message.
      if (typeof value === "string" && value !== "") values[name] = value;
    }
    return values;
  } catch {
    return null;
  }
}

export function bookingSummary(row: Pick<BookingRow, "start_at" | "end_at" | "status">, token: string): BookingSummary {
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  const label = formatConsultationTime(start);
  return {
    start: zonedIso(start, BOOKING_TIME_ZONE),
    end: zonedIso(end, BOOKING_TIME_ZONE),
    label,
    status: row.status,
    icsUrl: `/api/bookings/manage/${token}/ics`,
    googleCalendarUrl: googleCalendarUrl({ start, end, summary: CONSULTATION_SUMMARY, description: `Reschedule or cancel: ${manageUrlOf(token)}` }),
    manageUrl: routes.bookingManage(token),
  };
}

/**
 * /book without scripts (and with them: the page is a plain form either way): GET shows
 * the day list and the chosen day's slots; POST books through the same path as
 * POST /api/bookings and shows the confirmation, or the form again with its errors.
 */
export async function bookingPageState(request: Request, socketAddress: string | undefined): Promise<BookingPageState> {
  const url = new URL(request.url);
  if (request.method !== "POST") {
    const days = await bookableDays();
    return { status: "idle", days, day: chosenDay(days, url.searchParams.get("day")), values: {} };
  }
  const posted = await readBookingForm(request);
  const values: BookingFormValues = posted ? Object.fromEntries(Object.entries(posted).filter(([name]) => name !== BOOKING_HONEYPOT_FIELD)) : {};
  const retry = async (message: string, errors: Record<string, string>) => {
    const days = await bookableDays();
    const askedDay = values.start ? values.start.slice(0, 10) : null;
    return { status: "invalid" as const, days, day: chosenDay(days, askedDay), values, errors, message };
  };
  if (!posted) return retry("The form could not be read. Please try again.", {});
  const outcome = await bookConsultation(posted, clientAddress(request.headers, socketAddress));
  switch (outcome.status) {
    case "invalid":
      return retry("Please correct the fields marked below.", fieldErrors(outcome.issues));
    case "rate-limited":
      return retry("Too many bookings from your network. Please try again later, or call us.", {});
    case "too-many":
      return retry(outcome.message, {});
    case "taken":
      return retry("That time was just taken. Please pick another.", { start: "That time was just taken. Please pick another." });
    case "spam":
    case "booked":
      return { status: "booked", booking: bookingSummary({ start_at: outcome.booking.start, end_at: outcome.booking.end, status: "booked" }, outcome.booking.token) };
  }
}
