import type { APIRoute } from "astro";
import { checkSetupLinkRoute } from "@/server/admin/setup-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = checkSetupLinkRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
