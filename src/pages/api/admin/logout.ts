import type { APIRoute } from "astro";
import { logoutRoute } from "@/server/admin/session-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** Public by design: ending a session needs no valid one. */
export const POST: APIRoute = logoutRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
