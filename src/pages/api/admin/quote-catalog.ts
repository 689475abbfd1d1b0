import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteCatalogRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const GET: APIRoute = quoteCatalogRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
