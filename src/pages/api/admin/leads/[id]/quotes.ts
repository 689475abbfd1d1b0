import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteCreateRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const POST: APIRoute = quoteCreateRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
