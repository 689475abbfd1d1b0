import type { APIRoute } from "astro";
import { auditListRoute } from "@/server/admin/audit-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = auditListRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
