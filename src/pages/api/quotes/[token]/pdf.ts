import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { publicQuotePdfRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

/** GET /api/quotes/{token}/pdf: the customer's PDF of their quote. */
export const GET: APIRoute = publicQuotePdfRoute;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
