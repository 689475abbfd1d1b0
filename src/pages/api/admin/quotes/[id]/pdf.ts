import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quotePdfRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const GET: APIRoute = quotePdfRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
