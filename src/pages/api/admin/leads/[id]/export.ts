import type { APIRoute } from "astro";
import { leadExportRoute } from "@/server/admin/lead-privacy-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const GET: APIRoute = leadExportRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
