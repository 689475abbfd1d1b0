import type { APIRoute } from "astro";
import { deleteRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const DELETE: APIRoute = deleteRoute("surveys");
export const ALL: APIRoute = methodNotAllowed(["DELETE"]);
