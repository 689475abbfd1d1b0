import { defineMiddleware, sequence } from "astro:middleware";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { overHttps, renderedAnswerHeaders } from "../server/security-headers.mjs";

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
 * the API guards itself (src/server/admin/admin-route.ts for the back office).
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

/** An answer rendered on demand gets its headers where every answer's are decided (server/security-headers.mjs). */
const renderedHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const https = overHttps({ secure: context.url.protocol === "https:", forwardedProto: context.request.headers.get("x-forwarded-proto") });
  renderedAnswerHeaders(response.headers, https);
  return response;
});

export const onRequest = sequence(refuseCrossSiteFormPosts, renderedHeaders);
