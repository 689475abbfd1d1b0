import type { APIRoute } from "astro";
import { replyTemplateCreateRoute, replyTemplateListRoute } from "@/server/admin/reply-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = replyTemplateListRoute;
export const HEAD: APIRoute = GET;
export const POST: APIRoute = replyTemplateCreateRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "POST"]);
