import type { APIRoute } from "astro";
import { twoFactorEnableRoute } from "@/server/admin/two-factor-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/admin/account/two-factor/enable: a right code from the new key (and the password) turns two-step verification on. */
export const POST: APIRoute = twoFactorEnableRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
