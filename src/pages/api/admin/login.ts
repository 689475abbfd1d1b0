import type { APIRoute } from "astro";
import { loginRoute } from "@/server/admin/session-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** §7 POST /api/admin/login. */
export const POST: APIRoute = loginRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
