import type { APIRoute } from "astro";
import { checkAuthRoute } from "@/server/admin/session-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** §7 GET /api/admin/check-auth: the admin guard's question. */
export const GET: APIRoute = checkAuthRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
