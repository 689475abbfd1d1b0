import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { publicAcceptRoute } from "@/server/quotes/quote-routes";

export const prerender = false;

/** Only a POST accepts: a link scanner's GET does nothing. */
export const POST: APIRoute = publicAcceptRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
