import type { APIRoute } from "astro";
import { jsonError } from "@/server/http/json-responses";

export const prerender = false;

/** API clients get JSON for an unknown path too (any method), not the site's HTML 404 page. */
export const ALL: APIRoute = () => jsonError(404, "No such API endpoint.");
