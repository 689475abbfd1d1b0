import type { APIRoute } from "astro";
import { leadReplyContextRoute, leadReplyRoute } from "@/server/admin/reply-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = leadReplyContextRoute;
export const HEAD: APIRoute = GET;
export const POST: APIRoute = leadReplyRoute;
export const ALL: APIRoute = methodNotAllowed(["GET", "POST"]);
