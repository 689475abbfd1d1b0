import type { APIRoute } from "astro";
import { leadCreateRoute, leadListRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The lead desk's list: search, filters, sort, one page (docs/lead-desk.md); POST adds a lead taken by phone or in person. */
export const GET: APIRoute = leadListRoute;
export const HEAD: APIRoute = GET;
export const POST: APIRoute = leadCreateRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "POST"]);
