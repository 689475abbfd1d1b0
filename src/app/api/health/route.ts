import { checkDbHealth } from "@/server/db/connection";
import { jsonResponse, methodNotAllowed } from "@/server/http/json-responses";

export const dynamic = "force-dynamic";

/** Load balancers poll this: 200 while the database answers, 503 when it does not. */
export async function GET() {
  const db = await checkDbHealth();
  return jsonResponse({ status: db.ok ? "ok" : "unavailable", database: { engine: db.engine, ok: db.ok } }, db.ok ? 200 : 503);
}

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
