import type { APIRoute } from "astro";
import { manageCancelRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/bookings/manage/{token}/cancel: only a POST cancels (a link scanner's GET gets 405). */
export const POST: APIRoute = manageCancelRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
