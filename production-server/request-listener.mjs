/**
 * What the production server does with each request before (or instead of) handing
 * it to Next.js's request handler `handle`:
 *
 * - a prerendered page already answered once is replayed from memory (page-cache.mjs);
 * - a lead submitted to the JSON API goes straight to its handler (direct-routes.mjs);
 * - the first answer for such a page is kept as it leaves;
 * - a browser navigation to a public page rendered per request (contact, survey,
 *   search) gets the deferred-hydration rewrite the build gives prerendered pages,
 *   then gzip when the browser takes it;
 * - everything else goes to Next.js untouched.
 */
import { captureResponse } from "./capture-response.mjs";
import { acceptsGzip, gzip, isCompressible, varyOnEncoding } from "./compression.mjs";
import { directRouteOf, serveDirect } from "./direct-routes.mjs";
import { PageCache } from "./page-cache.mjs";
import { deferHydration } from "../scripts/defer-hydration.mjs";

/**
 * A browser asking for a page that is rendered now: GET/HEAD, or a form posted
 * without JavaScript (server actions answer those with a whole page). React Server
 * Component fetches and actions called from JavaScript carry their own headers.
 */
function isRenderedNavigation(request, prerendered) {
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") return false;
  if (!request.headers.accept?.includes("text/html")) return false;
  if (request.headers.rsc || request.headers["next-action"] || request.headers["next-router-prefetch"]) return false;
  const pathname = (request.url ?? "/").split("?")[0] ?? "/";
  const normalized = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (normalized === "/admin" || normalized.startsWith("/admin/") || normalized.startsWith("/api/")) return false;
  return !prerendered.has(normalized);
}

/** Sends a finished body, gzip-compressed when the client takes it and it is worth it. */
function sendBody(request, response, captured, body, send, clientTakesGzip) {
  if (captured.hasBody && clientTakesGzip && !response.getHeader("content-encoding") && isCompressible(captured.contentType, body.length)) {
    body = gzip(body);
    response.setHeader("Content-Encoding", "gzip");
  }
  if (captured.hasBody || request.method === "HEAD") varyOnEncoding(response);
  send(body);
}

/** `handle(request, response)` is Next.js's request handler; `prerendered` the build's static paths. */
export function createRequestListener({ handle, prerendered }) {
  const pageCache = new PageCache(prerendered);

  return (request, response) => {
    const direct = directRouteOf(request);
    if (direct) {
      serveDirect(request, response, direct).catch((error) => {
        console.error(`Failed to answer ${request.method} ${request.url}`, error);
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      });
      return;
    }
    const cacheKey = pageCache.keyOf(request);
    const cached = cacheKey && pageCache.get(cacheKey);
    if (cached) {
      pageCache.serve(request, response, cached);
      return;
    }
    if (cacheKey && request.method === "GET") {
      const clientTakesGzip = acceptsGzip(request);
      // Kept uncompressed; the gzip copy is made once, when it is stored.
      delete request.headers["accept-encoding"];
      captureResponse(request, response, (captured, send) => {
        const entry = pageCache.store(cacheKey, captured, response);
        // The first answer leaves as the kept ones will: same headers, same bytes.
        if (entry?.gzip && clientTakesGzip) {
          response.setHeader("Content-Encoding", "gzip");
          send(entry.gzip.body);
        } else sendBody(request, response, captured, captured.body, send, clientTakesGzip);
      });
    } else if (isRenderedNavigation(request, prerendered)) {
      const clientTakesGzip = acceptsGzip(request);
      // Next would compress the page before it could be rewritten; sendBody compresses it after.
      delete request.headers["accept-encoding"];
      captureResponse(request, response, (captured, send) => {
        let body = captured.body;
        if (captured.hasBody && captured.contentType.startsWith("text/html")) {
          const rewritten = deferHydration(body.toString("utf8"));
          if (rewritten.sources.length > 0) body = Buffer.from(rewritten.html, "utf8");
        }
        sendBody(request, response, captured, body, send, clientTakesGzip);
      });
    }
    handle(request, response).catch((error) => {
      console.error(`Failed to handle ${request.method} ${request.url}`, error);
      if (!response.headersSent) {
        response.statusCode = 500;
        response.end("Internal Server Error");
      }
    });
  };
}
