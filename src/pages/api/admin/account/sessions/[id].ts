import type { APIRoute } from "astro";
import { endSessionRoute } from "@/server/admin/account-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const DELETE: APIRoute = endSessionRoute;
export const ALL: APIRoute = methodNotAllowed(["DELETE"]);
