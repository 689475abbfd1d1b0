import { type AuditRecorder, auditRecorder } from "@/server/audit/audit-log";
import { readSessionToken, validateAdminSession } from "@/server/auth/admin-session";
import type { AdminSession } from "@/server/auth/admin-sessions";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { jsonError, serviceUnavailable } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";

/**
 * What an admin handler reads of a call: the request and the route's parameters.
 * Astro's APIContext is one; a test can pass a plain object.
 */
export interface RouteContext {
  request: Request;
  params: Record<string, string | undefined>;
}

/** What an admin handler gets besides the call: the session that made it. */
export interface SignedInContext extends RouteContext {
  session: AdminSession;
  /**
   * Records one of the owner's actions in the audit log for this session:
   * `await audit({ action: "lead.erased", target: { kind: "lead", id } }, trx)`. Pass the
   * action's transaction where it has one (docs/privacy-controls.md).
   */
  audit: AuditRecorder;
}

type Handler = (context: RouteContext) => Promise<Response>;
type SignedInHandler = (context: SignedInContext) => Promise<Response>;

/**
 * Wraps an admin route: cross-origin refusal for state changes (403), a valid
 * session (401 otherwise), and 503 rather than 500 when the database is away.
 */
export function adminRoute(handler: SignedInHandler, options: { mutates?: boolean } = {}): Handler {
  return async (context) => {
    const { request } = context;
    if (options.mutates && !isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
    try {
      const session = await validateAdminSession(readSessionToken(request));
      if (!session) return jsonError(401, "Authentication required.");
      const audit = auditRecorder({ sessionId: session.publicId, userAgent: session.userAgent });
      return await handler({ request, params: context.params, session, audit });
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
