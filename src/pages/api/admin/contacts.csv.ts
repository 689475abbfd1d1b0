import type { APIRoute } from "astro";
import { csvRoute } from "@/server/admin/inbox-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** The inbox as a spreadsheet-safe CSV download. */
export const GET: APIRoute = csvRoute("contacts");
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
