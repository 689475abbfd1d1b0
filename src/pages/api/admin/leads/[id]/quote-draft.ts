import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteDraftRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const GET: APIRoute = quoteDraftRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
