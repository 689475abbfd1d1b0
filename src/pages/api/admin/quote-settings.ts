import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quoteSettingsReadRoute, quoteSettingsWriteRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

export const GET: APIRoute = quoteSettingsReadRoute;
export const PUT: APIRoute = quoteSettingsWriteRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "PUT"]);
