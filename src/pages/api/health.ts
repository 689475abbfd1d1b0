import { checkDbHealth } from "@/server/db/connection";
import { endpointMethods } from "@/server/http/endpoint-methods";
import { jsonResponse } from "@/server/http/json-responses";

/** Load balancers poll this: 200 while the database answers, 503 when it does not. */
export const prerender = false;

export const { GET, HEAD, OPTIONS, ALL } = endpointMethods({
  GET: async () => {
    const db = await checkDbHealth();
    return jsonResponse({ status: db.ok ? "ok" : "unavailable", database: { engine: db.engine, ok: db.ok } }, db.ok ? 200 : 503);
  },
});
