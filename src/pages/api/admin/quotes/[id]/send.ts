import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteSendRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const POST: APIRoute = quoteSendRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
