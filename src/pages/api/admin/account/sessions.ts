import type { APIRoute } from "astro";
import { listSessionsRoute } from "@/server/admin/account-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = listSessionsRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
