import type { APIRoute } from "astro";
import { calendarFeedRegenerateRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = calendarFeedRegenerateRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
