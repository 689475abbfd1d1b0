import type { APIRoute } from "astro";
import { twoFactorStatusRoute } from "@/server/admin/two-factor-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** GET /api/admin/account/two-factor: the state of two-step verification. */
export const GET: APIRoute = twoFactorStatusRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
