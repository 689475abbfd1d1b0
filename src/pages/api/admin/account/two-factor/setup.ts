import type { APIRoute } from "astro";
import { twoFactorSetupRoute } from "@/server/admin/two-factor-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/admin/account/two-factor/setup: a new key to scan, not active until a code from it is confirmed. */
export const POST: APIRoute = twoFactorSetupRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
