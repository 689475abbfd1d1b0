import { type Availability, availabilitySchema } from "@/lib/booking/availability-schema";
import { adminBookingPatchSchema, rescheduleSchema } from "@/lib/booking/booking-schema";
import type { ValidationIssues } from "@/lib/field-errors";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { getDb } from "@/server/db/connection";
import { isoFromMillis } from "@/server/db/schema";
import { adminRoute, parseRowId, type RouteContext } from "@/server/admin/admin-route";
import { clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { downloadIcs, manageUrlOf } from "./booking-calendar";
import { calendarFeedIcs, calendarFeedToken, calendarFeedUrl, isCalendarFeedToken, regenerateCalendarFeedToken } from "./calendar-feed";
import { CONSULTATION_SUMMARY } from "./booking-emails";
import { BOOKING_TIME_ZONE, loadAvailability, saveAvailability } from "./availability-store";
import { bookConsultation } from "./book-consultation";
import { byId, byToken, type ChangeOutcome, cancelBooking, markBookingOutcome, rescheduleBooking } from "./booking-changes";
import { type BookingRow, findBookingByTokenHash, listBookingsBetween } from "./booking-store";
import { busyFeedStatus, busyFeedUrlProblem, forgetBusyFeed } from "./busy-feed";
import { businessToday, offeredSlots, slotContext, slotsAnswer } from "./bookable-slots";
import { hashManageToken, isManageTokenShape } from "./manage-token";
import { addDays, instantOf, parseIsoDate } from "./slot-engine";

/*
 * The booking API (docs/booking.md), with the desk's conventions: JSON in and out,
 * `{ error, fields? }` on 4xx, 503 while the database is away, never a 500 for bad input.
 */

const MAX_DAYS = 31;
const TAKEN = "That time was just taken. Please pick another.";

async function guarded(label: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error(`[booking] ${label} failed:`, error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** The slots of the next few days, for a 409's "freshest slots". */
async function freshSlots() {
  const context = await slotContext();
  return slotsAnswer(await offeredSlots(context, businessToday(context.now), context.availability.horizonDays)).slots;
}

/** GET /api/booking/slots?from=YYYY-MM-DD&days=N → { timeZone, slots: [{ start, end }] }. */
export async function slotsRoute({ request }: { request: Request }): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const fromText = params.get("from");
  const daysText = params.get("days");
  const fields: Record<string, string> = {};
  const from = fromText === null ? null : parseIsoDate(fromText);
  if (fromText !== null && !from) fields.from = "Use a date like 2026-12-01.";
  const days = daysText === null ? 14 : /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= MAX_DAYS)) fields.days = `Days must be a whole number from 1 to ${MAX_DAYS}.`;
  if (Object.keys(fields).length > 0) return jsonError(400, "Some fields are invalid.", { fields });
  return guarded("slots", async () => {
    const context = await slotContext();
    return jsonResponse(slotsAnswer(await offeredSlots(context, from ?? businessToday(context.now), days)));
  });
}

/** POST /api/bookings → 201 { id, start, end, manageUrl }; 409 with fresh slots when taken; 400; 429. */
export async function createBookingRoute({ request, clientAddress: socketAddress }: { request: Request; clientAddress?: string }): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return guarded("booking", async () => {
    const outcome = await bookConsultation(body.value, clientAddress(request.headers, socketAddress));
    switch (outcome.status) {
      case "invalid":
        return validationError(outcome.issues);
      case "rate-limited":
        return tooManyRequests(outcome.retryAfterSeconds);
      case "too-many":
        return jsonError(429, outcome.message, { headers: { "Retry-After": "3600" } });
      case "taken":
        return jsonResponse({ error: TAKEN, slots: await freshSlots() }, 409);
      case "spam":
      case "booked":
        return jsonResponse({ id: outcome.booking.id, start: isoFromMillis(outcome.booking.start), end: isoFromMillis(outcome.booking.end), manageUrl: outcome.booking.manageUrl }, 201);
    }
  });
}

/** What a manage link shows: the booking as it is now. */
export function publicBooking(row: BookingRow) {
  return { id: Number(row.id), start: isoFromMillis(Number(row.start_at)), end: isoFromMillis(Number(row.end_at)), status: row.status };
}

const NO_BOOKING = "No booking has this link.";

/** GET /api/bookings/manage/{token}: reading never changes anything. */
export async function manageReadRoute({ params }: RouteContext): Promise<Response> {
  const token = params.token;
  if (!isManageTokenShape(token)) return jsonError(404, NO_BOOKING);
  return guarded("manage", async () => {
    const row = await findBookingByTokenHash(await getDb(), hashManageToken(token));
    return row ? jsonResponse(publicBooking(row)) : jsonError(404, NO_BOOKING);
  });
}

function changeAnswer(outcome: ChangeOutcome): Promise<Response> | Response {
  switch (outcome.status) {
    case "changed":
      return jsonResponse(publicBooking(outcome.booking));
    case "not-found":
      return jsonError(404, NO_BOOKING);
    case "closed":
      return jsonResponse({ error: "This booking can no longer be changed.", booking: publicBooking(outcome.booking) }, 409);
    case "taken":
      return freshSlots().then((slots) => jsonResponse({ error: TAKEN, slots }, 409));
    case "not-bookable":
      return jsonError(400, "Some fields are invalid.", { fields: { start: "That time cannot be booked. Please pick one of the times shown." } });
  }
}

/** GET /api/bookings/manage/{token}/ics: the booking as an .ics file to import (read-only, like every GET). */
export async function manageIcsRoute({ params }: RouteContext): Promise<Response> {
  const token = params.token;
  if (!isManageTokenShape(token)) return jsonError(404, NO_BOOKING);
  return guarded("ics", async () => {
    const row = await findBookingByTokenHash(await getDb(), hashManageToken(token));
    if (!row) return jsonError(404, NO_BOOKING);
    const ics = downloadIcs({
      uid: row.uid,
      sequence: Number(row.sequence),
      start: Number(row.start_at),
      end: Number(row.end_at),
      name: row.name,
      email: row.email,
      summary: CONSULTATION_SUMMARY,
      description: `Reschedule or cancel: ${manageUrlOf(token)}`,
      url: manageUrlOf(token),
    });
    return new Response(ics, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="consultation.ics"', "Cache-Control": "no-store" } });
  });
}

/** POST /api/bookings/manage/{token}/cancel → 200 { id, start, end, status }. */
export async function manageCancelRoute({ params }: RouteContext): Promise<Response> {
  const token = params.token;
  if (!isManageTokenShape(token)) return jsonError(404, NO_BOOKING);
  return guarded("cancel", async () => changeAnswer(await cancelBooking(byToken(token), token)));
}

/** POST /api/bookings/manage/{token}/reschedule { start } → 200 { id, start, end, status }. */
export async function manageRescheduleRoute({ request, params }: RouteContext): Promise<Response> {
  const token = params.token;
  if (!isManageTokenShape(token)) return jsonError(404, NO_BOOKING);
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = rescheduleSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  return guarded("reschedule", async () => changeAnswer(await rescheduleBooking(byToken(token), new Date(parsed.data.start).getTime(), token)));
}

const DAY_MS = 86_400_000;

/** GET /api/admin/bookings?from=&to= (dates, business zone; default: today and the next 14 days). */
export const adminBookingsRoute = adminRoute(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const from = params.get("from") ? parseIsoDate(params.get("from")!) : businessToday();
  const to = params.get("to") ? parseIsoDate(params.get("to")!) : null;
  if (!from || (params.get("to") && !to)) return jsonError(400, "Some fields are invalid.", { fields: { ...(from ? {} : { from: "Use a date like 2026-12-01." }), ...(params.get("to") && !to ? { to: "Use a date like 2026-12-01." } : {}) } });
  const start = instantOf(from, "00:00", BOOKING_TIME_ZONE);
  const end = to ? instantOf(addDays(to, 1), "00:00", BOOKING_TIME_ZONE) : start + 15 * DAY_MS;
  if (end <= start || end - start > 366 * DAY_MS) return jsonError(400, "Some fields are invalid.", { fields: { to: "The range must be 1 to 366 days." } });
  const rows = await listBookingsBetween(await getDb(), start, end);
  return jsonResponse({
    items: rows.map((row) => ({ ...publicBooking(row), leadId: Number(row.lead_id), name: row.name, business: row.business, email: row.email, phone: row.phone, service: row.service, note: row.note })),
  });
});

/** PATCH /api/admin/bookings/{id} { status?: "done" | "no-show" | "cancelled", start? }. */
export const adminBookingPatchRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, "Malformed id.");
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = adminBookingPatchSchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error);
    const patch = parsed.data;
    if (patch.status === undefined && patch.start === undefined) return jsonError(400, "Some fields are invalid.", { fields: { status: "Give a status or a start." } });
    let outcome: ChangeOutcome | undefined;
    if (patch.start !== undefined) outcome = await rescheduleBooking(byId(id), new Date(patch.start).getTime(), null);
    if (patch.status === "cancelled" && (!outcome || outcome.status === "changed")) outcome = await cancelBooking(byId(id), null);
    else if ((patch.status === "done" || patch.status === "no-show") && (!outcome || outcome.status === "changed")) outcome = await markBookingOutcome(id, patch.status);
    if (outcome?.status === "changed") await audit({ action: "booking.changed", target: { kind: "booking", id: String(id) }, detail: { status: outcome.booking.status } });
    return changeAnswer(outcome!);
  },
  { mutates: true },
);

/** GET /api/admin/availability: the rules, and how the busy feed was last read. */
export const availabilityReadRoute = adminRoute(async () => {
  const availability = await loadAvailability();
  return jsonResponse({ availability, busyFeed: busyFeedStatus(availability.busyFeedUrl) });
});

/** PUT /api/admin/availability: the whole rules object, validated; a feed address must be https and public. */
export const availabilityWriteRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = availabilitySchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error as ValidationIssues);
    const availability: Availability = { ...parsed.data, busyFeedUrl: parsed.data.busyFeedUrl || null };
    const problem = availability.busyFeedUrl ? busyFeedUrlProblem(availability.busyFeedUrl) : null;
    if (problem) return jsonError(400, "Some fields are invalid.", { fields: { busyFeedUrl: problem } });
    await saveAvailability(availability);
    forgetBusyFeed();
    await audit({ action: "availability.changed" });
    return jsonResponse({ availability, busyFeed: busyFeedStatus(availability.busyFeedUrl) });
  },
  { mutates: true },
);

/** GET /api/admin/calendar-feed → { url }: the owner's private feed address. */
export const calendarFeedReadRoute = adminRoute(async () => jsonResponse({ url: calendarFeedUrl(await calendarFeedToken()) }));

/** POST /api/admin/calendar-feed/regenerate → { url }: a new secret address; the old one stops working. */
export const calendarFeedRegenerateRoute = adminRoute(
  async ({ audit }) => {
    const url = calendarFeedUrl(await regenerateCalendarFeedToken());
    await audit({ action: "calendar_feed.regenerated" });
    return jsonResponse({ url });
  },
  { mutates: true },
);

/** GET /api/calendar-feed/{secret}: the feed itself (text/calendar); 404 for any other secret. */
export async function calendarFeedRoute({ params }: RouteContext): Promise<Response> {
  return guarded("calendar feed", async () => {
    if (!(await isCalendarFeedToken(params.token))) return jsonError(404, "No such calendar.");
    return new Response(await calendarFeedIcs(), { headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  });
}
