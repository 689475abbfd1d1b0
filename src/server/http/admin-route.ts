import { SESSION_COOKIE, validateAdminSession } from "@/server/auth/admin-session";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { readCookie } from "./cookies";
import { jsonError, serviceUnavailable } from "./json-responses";
import { isSameOriginRequest } from "./same-origin";

/**
 * What an admin handler reads of a call: the request and the route's parameters.
 * Astro's APIContext is one; a test can pass a plain object.
 */
export interface RouteContext {
  request: Request;
  params: Record<string, string | undefined>;
}

type Handler = (context: RouteContext) => Promise<Response>;

/**
 * Wraps an admin route: cross-origin refusal for state changes (403), a valid
 * session (401 otherwise), and 503 rather than 500 when the database is away.
 */
export function adminRoute(handler: Handler, options: { mutates?: boolean } = {}): Handler {
  return async (context) => {
    const { request } = context;
    if (options.mutates && !isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
    try {
      const authenticated = await validateAdminSession(readCookie(request, SESSION_COOKIE));
      if (!authenticated) return jsonError(401, "Authentication required.");
      return await handler(context);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return serviceUnavailable();
      console.error("[admin] request failed:", error);
      return jsonError(500, "Something went wrong on our side.");
    }
  };
}

/** Row ids are positive integers; anything else is a malformed id (400), not a miss (404). */
export function parseRowId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
