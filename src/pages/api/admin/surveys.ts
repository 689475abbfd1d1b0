import type { APIRoute } from "astro";
import { listRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The whole inbox, newest first (§7: no paging). */
export const GET: APIRoute = listRoute("surveys");
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
