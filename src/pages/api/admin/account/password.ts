import type { APIRoute } from "astro";
import { changePasswordRoute } from "@/server/admin/account-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = changePasswordRoute;
export const ALL: APIRoute = methodNotAllowed(["POST"]);
