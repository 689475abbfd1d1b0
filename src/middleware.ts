import { defineMiddleware, sequence } from "astro:middleware";
import { jsonError } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";

/*
 * Runs for routes rendered on demand only: with the node adapter, prerendered pages are
 * files served as they are (Astro runs this while building them, where there is nothing
 * to check). Scripts need no nonce: Astro hashes the ones it emits.
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

/** A path that does not decode names nothing: 400, as JSON under /api/. */
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

export const onRequest = sequence(rejectBrokenPaths, refuseCrossSiteFormPosts);
