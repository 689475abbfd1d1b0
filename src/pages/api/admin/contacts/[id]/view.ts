import type { APIRoute } from "astro";
import { viewRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const POST: APIRoute = viewRoute("contacts");
export const ALL: APIRoute = methodNotAllowed(["POST"]);
