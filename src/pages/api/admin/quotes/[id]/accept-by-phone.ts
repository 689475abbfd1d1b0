import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quotePhoneAcceptRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const POST: APIRoute = quotePhoneAcceptRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
