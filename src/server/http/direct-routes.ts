import "server-only";
import { POST as postContact } from "@/app/api/contact/route";
import { POST as postSurvey } from "@/app/api/survey/route";
import { contentSecurityPolicy, forwardedOverHttps, staticSecurityHeaders } from "@/lib/security/security-headers";

/**
 * The two lead endpoints, offered to the production server (server.mjs) so it can
 * call them without Next.js's router in between. They are the busiest writes the
 * site has and plain `Request → Response` functions that use nothing of Next's
 * request scope, so the route files' own handlers are what is registered: one
 * implementation, reached by two doors. The security headers come from the same
 * policy next.config.ts applies to every other answer.
 *
 * production-server/direct-routes.mjs reads this registry; it is kept on globalThis
 * because that server is plain Node and does not load the app's modules itself.
 */
export const DIRECT_ROUTES_KEY = Symbol.for("saluda-ridge.direct-routes");

export interface DirectRoutes {
  /** Handlers by exact path, POST only. */
  post: Record<string, (request: Request) => Promise<Response>>;
  /** The headers next.config.ts `headers()` gives an API answer, given the request's X-Forwarded-Proto. */
  securityHeaders: (forwardedProto: string | undefined) => Record<string, string>;
}

export function registerDirectRoutes(): void {
  const routes: DirectRoutes = {
    post: { "/api/contact": postContact, "/api/survey": postSurvey },
    securityHeaders: (forwardedProto) => {
      const secure = forwardedOverHttps(forwardedProto);
      return { "Content-Security-Policy": contentSecurityPolicy({ secure }), ...staticSecurityHeaders(secure) };
    },
  };
  (globalThis as typeof globalThis & { [DIRECT_ROUTES_KEY]?: DirectRoutes })[DIRECT_ROUTES_KEY] = routes;
}
