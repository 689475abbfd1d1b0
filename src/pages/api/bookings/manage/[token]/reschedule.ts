import type { APIRoute } from "astro";
import { manageRescheduleRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/bookings/manage/{token}/reschedule { start }: only a POST moves a booking. */
export const POST: APIRoute = manageRescheduleRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
