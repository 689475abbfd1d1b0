import type { APIRoute } from "astro";
import { leadNoteDeleteRoute, leadNoteEditRoute } from "@/server/admin/lead-desk-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

export const PATCH: APIRoute = leadNoteEditRoute;
export const DELETE: APIRoute = leadNoteDeleteRoute;
export const ALL: APIRoute = methodNotAllowed(["PATCH", "DELETE"]);
