import { jsonError } from "@/server/http/json-responses";

/** API clients get JSON for an unknown path too (any method), not the site's HTML 404 page. */
export const prerender = false;

export const ALL = () => jsonError(404, "No such API endpoint.");
