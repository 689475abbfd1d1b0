import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { pushKeyRoute } from "@/server/push/push-routes";

export const prerender = false;

/** The VAPID public key a browser subscribes with. */
export const GET: APIRoute = pushKeyRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
