import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { pushDeviceListRoute, pushSubscribeRoute } from "@/server/push/push-routes";

export const prerender = false;

/** The owner's devices that get a push for each new lead; POST adds one. */
export const GET: APIRoute = pushDeviceListRoute;
export const HEAD: APIRoute = GET;
export const POST: APIRoute = pushSubscribeRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "POST"]);
