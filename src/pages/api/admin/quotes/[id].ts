import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quotePatchRoute, quoteReadRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const GET: APIRoute = quoteReadRoute;
export const PATCH: APIRoute = quotePatchRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "PATCH"]);
