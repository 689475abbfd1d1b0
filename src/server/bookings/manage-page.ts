import type { BookingSummary, DayView } from "@/lib/booking/booking-view";
import { getDb } from "@/server/db/connection";
import { LIMITS } from "@/lib/validation/limits";
import { readBodyBytes } from "@/server/http/json-responses";
import { rescheduleSchema } from "@/lib/booking/booking-schema";
import { byToken, cancelBooking, rescheduleBooking } from "./booking-changes";
import { bookableDays, bookingSummary, chosenDay } from "./booking-page";
import { findBookingByTokenHash } from "./booking-store";
import { hashManageToken, isManageTokenShape } from "./manage-token";

export type ManagePageState =
  | { status: "missing" }
  | { status: "shown"; booking: BookingSummary; changeable: boolean; days: DayView[]; day: string | null; notice?: string; error?: string };

async function postedFields(request: Request): Promise<{ action?: string; start?: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) return {};
  try {
    const bytes = await readBodyBytes(request, LIMITS.bodyBytesMax);
    if (bytes === null) return {};
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    return { action: field("action"), start: field("start") };
  } catch {
    return {};
  }
}

/**
 * The private manage page (/book/manage/{token}): GET shows the booking as it is now, and
 * never changes it (a link scanner may follow it any number of times). Only the page's
 * POST forms cancel or reschedule, through the same path as the JSON API.
 */
export async function managePageState(request: Request, token: string | undefined): Promise<ManagePageState> {
  if (!isManageTokenShape(token)) return { status: "missing" };
  let notice: string | undefined;
  let error: string | undefined;
  if (request.method === "POST") {
    const fields = await postedFields(request);
    if (fields.action === "cancel") {
      const outcome = await cancelBooking(byToken(token), token);
      if (outcome.status === "changed") notice = "Your consultation is cancelled. We sent you a confirmation.";
      else if (outcome.status === "closed") error = "This booking can no longer be changed.";
    } else if (fields.action === "reschedule") {
      const parsed = rescheduleSchema.safeParse({ start: fields.start });
      if (!parsed.success) error = "Please pick a new time.";
      else {
        const outcome = await rescheduleBooking(byToken(token), new Date(parsed.data.start).getTime(), token);
        if (outcome.status === "changed") notice = "Your consultation is moved. We sent you an updated invitation.";
        else if (outcome.status === "taken") error = "That time was just taken. Please pick another.";
        else if (outcome.status === "not-bookable") error = "That time cannot be booked. Please pick one of the times shown.";
        else if (outcome.status === "closed") error = "This booking can no longer be changed.";
      }
    } else error = "Please use the buttons below.";
  }
  const row = await findBookingByTokenHash(await getDb(), hashManageToken(token));
  if (!row) return { status: "missing" };
  const changeable = row.status === "booked" && Number(row.start_at) > Date.now();
  const days = changeable ? await bookableDays() : [];
  return { status: "shown", booking: bookingSummary(row, token), changeable, days, day: chosenDay(days, new URL(request.url).searchParams.get("day")), notice, error };
}
