import type { APIRoute } from "astro";
import { agendaRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The next 14 days of follow-ups, by day. */
export const GET: APIRoute = agendaRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
