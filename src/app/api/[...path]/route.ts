import { jsonError } from "@/server/http/json-responses";

/** API clients get JSON for an unknown path too, not the site's HTML 404 page. */
async function notFound(): Promise<Response> {
  return jsonError(404, "No such API endpoint.");
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
