import type { APIRoute } from "astro";
import { manageIcsRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** GET /api/bookings/manage/{token}/ics: the booking as a calendar file. */
export const GET: APIRoute = manageIcsRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
