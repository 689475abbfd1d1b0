import type { APIRoute } from "astro";
import { replyTemplateDeleteRoute, replyTemplateRoute, replyTemplateUpdateRoute } from "@/server/admin/reply-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = replyTemplateRoute;
export const HEAD: APIRoute = GET;
export const PATCH: APIRoute = replyTemplateUpdateRoute;
export const DELETE: APIRoute = replyTemplateDeleteRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "PATCH", "DELETE"]);
