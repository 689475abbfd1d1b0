import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { publicQuoteRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

/** GET /api/quotes/{token}: reading never accepts anything. */
export const GET: APIRoute = publicQuoteRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
