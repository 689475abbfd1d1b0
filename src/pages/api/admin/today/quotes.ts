import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { quotesToChaseRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

/** Today's quotes to chase: viewed by the customer, or ending within three days. */
export const GET: APIRoute = quotesToChaseRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
