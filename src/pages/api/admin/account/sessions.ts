import type { APIRoute } from "astro";
import { listSessionsRoute, signOutEverywhereRoute } from "@/server/admin/account-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = listSessionsRoute;
export const DELETE: APIRoute = signOutEverywhereRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "DELETE"]);
