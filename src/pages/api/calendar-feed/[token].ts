import type { APIRoute } from "astro";
import { calendarFeedRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The owner's private calendar feed, behind its secret address (docs/booking.md). */
export const GET: APIRoute = calendarFeedRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
