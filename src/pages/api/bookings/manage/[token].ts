import type { APIRoute } from "astro";
import { manageReadRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** GET /api/bookings/manage/{token}: the booking as it is now; a GET never changes anything. */
export const GET: APIRoute = manageReadRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
