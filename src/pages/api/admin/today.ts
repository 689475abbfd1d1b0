import type { APIRoute } from "astro";
import { todayRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The desk's start page data: uncontacted leads, follow-ups due, speed to lead. */
export const GET: APIRoute = todayRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
