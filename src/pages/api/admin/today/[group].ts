import type { APIRoute } from "astro";
import { todayGroupRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** One page of a Today group: new, older, came-back or follow-ups. */
export const GET: APIRoute = todayGroupRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
