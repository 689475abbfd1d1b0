import type { APIRoute } from "astro";
import { createBookingRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/bookings: book a consultation. */
export const POST: APIRoute = createBookingRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
