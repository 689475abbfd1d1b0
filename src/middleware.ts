import { defineMiddleware, sequence } from "astro:middleware";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { overHttps, policyAsSent } from "../server/security-headers.mjs";

/*
 * Runs for routes rendered on demand only: with the node adapter, prerendered pages are
 * files served as they are (Astro runs this while building them, where there is nothing
 * to check, and the production server gives them their headers). A path that does not
 * decode never gets here: the production server answers it 400.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
 * A page rendered on demand is sent with the policy Astro computed as it rendered, as
 * server/security-headers.mjs sends it (over HTTPS it also upgrades insecure requests).
 */
const sendPolicyAsDecided = defineMiddleware(async (context, next) => {
  const response = await next();
  const policy = response.headers.get("content-security-policy");
  if (context.isPrerendered || !policy) return response;
  const https = overHttps({ secure: context.url.protocol === "https:", forwardedProto: context.request.headers.get("x-forwarded-proto") });
  response.headers.set("Content-Security-Policy", policyAsSent(policy, https));
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

export const onRequest = sequence(refuseCrossSiteFormPosts, sendPolicyAsDecided, privateByDefault);
