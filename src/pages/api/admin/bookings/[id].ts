import type { APIRoute } from "astro";
import { adminBookingPatchRoute } from "@/server/bookings/booking-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const PATCH: APIRoute = adminBookingPatchRoute;
export const ALL: APIRoute = methodNotAllowed(["PATCH"]);
