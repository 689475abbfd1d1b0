import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { publicDeclineRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

/** Only a POST declines: a link scanner's GET does nothing. */
export const POST: APIRoute = publicDeclineRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
