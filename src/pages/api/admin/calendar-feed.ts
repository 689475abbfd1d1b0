import type { APIRoute } from "astro";
import { calendarFeedReadRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = calendarFeedReadRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
