import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { pushUnsubscribeRoute } from "@/server/push/push-routes";

export const prerender = false;

/** Removes one device: it gets no more pushes. */
export const DELETE: APIRoute = pushUnsubscribeRoute;
export const ALL: APIRoute = methodNotAllowed(["DELETE"]);
