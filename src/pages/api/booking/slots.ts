import type { APIRoute } from "astro";
import { slotsRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** GET /api/booking/slots?from=YYYY-MM-DD&days=N: the consultation slots offered, in the business's zone. */
export const GET: APIRoute = slotsRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
