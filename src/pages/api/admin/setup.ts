import type { APIRoute } from "astro";
import { completeSetupRoute } from "@/server/admin/setup-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = completeSetupRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
