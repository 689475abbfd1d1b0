import { defineMiddleware, sequence } from "astro:middleware";
import { jsonError } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { forwardedOverHttps, UPGRADE_INSECURE_REQUESTS } from "../server/security-policy.mjs";

/*
 * Runs for routes rendered on demand only: with the node adapter, prerendered pages are
 * files served as they are (Astro runs this while building them, where there is nothing
 * to check, and the production server gives them their headers). Scripts need no nonce:
 * Astro hashes the ones it emits.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The decoded path, or null when its percent-encoding is broken. The result must be
 * used: the bundler treats a bare `decodeURIComponent(path)` as free of effects and
 * drops it, and its throw with it.
 */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** A path that does not decode names nothing: 400 (JSON under /api/), not a 404 or a 500. */
const rejectBrokenPaths = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const path = new URL(context.request.url).pathname;
  if (decodedPath(path) !== null) return next();
  return path.startsWith("/api/")
    ? jsonError(400, "Malformed URL.")
    : new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
});

/**
 * Pages that take a form post (/contact, /survey) refuse one sent from another site.
 * Astro's own `security.checkOrigin` is off because it answers the JSON API too, with a
 * plain-text 403 before any endpoint runs, where clients must get their JSON 415 or 405;
 * the API guards itself (src/server/http/admin-route.ts for the back office).
 */
const refuseCrossSiteFormPosts = defineMiddleware((context, next) => {
  if (context.isPrerendered || SAFE_METHODS.has(context.request.method)) return next();
  if (new URL(context.request.url).pathname.startsWith("/api/")) return next();
  if (isSameOriginRequest(context.request)) return next();
  return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
});

/**
 * Over HTTPS (directly or behind a TLS proxy) a page's policy also upgrades any http://
 * URL it carries, as the production server does for prerendered pages. Added to the
 * header Astro wrote: `Astro.csp` can only add to a page while it renders.
 */
const upgradeInsecureRequestsOverHttps = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const secure = context.url.protocol === "https:" || forwardedOverHttps(context.request.headers.get("x-forwarded-proto"));
  const policy = response.headers.get("content-security-policy");
  if (!secure || !policy || policy.includes(UPGRADE_INSECURE_REQUESTS)) return response;
  response.headers.set("Content-Security-Policy", `${policy.trim().replace(/;$/, "")}; ${UPGRADE_INSECURE_REQUESTS};`);
  return response;
});

/**
 * What is rendered per request reads the request (a preset, a query, a post with the
 * visitor's values): no shared cache may keep it, unless the route said otherwise.
 */
const privateByDefault = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!context.isPrerendered && !response.headers.has("cache-control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
});

export const onRequest = sequence(rejectBrokenPaths, refuseCrossSiteFormPosts, upgradeInsecureRequestsOverHttps, privateByDefault);
