import type { APIRoute } from "astro";
import { availabilityReadRoute, availabilityWriteRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = availabilityReadRoute;
export const HEAD: APIRoute = GET;
export const PUT: APIRoute = availabilityWriteRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "PUT"]);
