import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteReviseRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const POST: APIRoute = quoteReviseRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
