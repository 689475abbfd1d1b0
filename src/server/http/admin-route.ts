import { SESSION_COOKIE, validateAdminSession } from "@/server/auth/admin-session";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { readCookie } from "./cookies";
import { jsonError, serviceUnavailable } from "./json-responses";
import { isSameOriginRequest } from "./same-origin";

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (request: Request, context: RouteContext<P>) => Promise<Response>;

/**
 * Wraps an admin route: cross-origin refusal for state changes (403), a valid
 * session (401 otherwise), and 503 rather than 500 when the database is away.
 */
export function adminRoute<P = Record<string, never>>(handler: Handler<P>, options: { mutates?: boolean } = {}): Handler<P> {
  return async (request, context) => {
    if (options.mutates && !isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
    try {
      const authenticated = await validateAdminSession(readCookie(request, SESSION_COOKIE));
      if (!authenticated) return jsonError(401, "Authentication required.");
      return await handler(request, context);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return serviceUnavailable();
      console.error("[admin] request failed:", error);
      return jsonError(500, "Something went wrong on our side.");
    }
  };
}

/** Row ids are positive integers; anything else is a malformed id (400), not a miss (404). */
export function parseRowId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
