import type { APIRoute } from "astro";
import { leadDetailRoute, leadUpdateRoute } from "@/server/admin/lead-desk-routes";
import { leadEraseRoute } from "@/server/admin/lead-privacy-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = leadDetailRoute;
export const HEAD: APIRoute = GET;
export const PATCH: APIRoute = leadUpdateRoute;
export const DELETE: APIRoute = leadEraseRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "PATCH", "DELETE"]);
