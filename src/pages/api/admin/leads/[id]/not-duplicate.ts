import type { APIRoute } from "astro";
import { leadNotDuplicateRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = leadNotDuplicateRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
