import type { APIRoute } from "astro";
import { checkDbHealth } from "@/server/db/connection";
import { jsonResponse, methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** Load balancers poll this: 200 while the database answers, 503 when it does not. */
export const GET: APIRoute = async () => {
  const db = await checkDbHealth();
  return jsonResponse({ status: db.ok ? "ok" : "unavailable", database: { engine: db.engine, ok: db.ok } }, db.ok ? 200 : 503);
};
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);
