import type { APIRoute } from "astro";
import { countsRoute } from "@/server/admin/session-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** New items per inbox, for the admin navigation badges. */
export const GET: APIRoute = countsRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
