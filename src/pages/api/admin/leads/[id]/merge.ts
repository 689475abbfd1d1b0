import type { APIRoute } from "astro";
import { leadMergeRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = leadMergeRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
