import type { APIRoute } from "astro";
import { twoFactorDisableRoute } from "@/server/admin/two-factor-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** POST /api/admin/account/two-factor/disable: the password and a current code (or a recovery code) turn two-step verification off. */
export const POST: APIRoute = twoFactorDisableRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
