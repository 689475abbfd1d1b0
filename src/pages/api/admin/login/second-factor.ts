import type { APIRoute } from "astro";
import { secondFactorRoute } from "@/server/admin/two-factor-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/admin/login/second-factor: the code that completes a login while two-step verification is on. */
export const POST: APIRoute = secondFactorRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
