/**
 * POST /api/contact and /api/survey without Next.js's router in between: the app
 * registers the route files' own handlers at start (src/server/http/direct-routes.ts),
 * and this calls them with a standard Request built from the Node request, then
 * writes their Response with the security headers every other answer gets. Until
 * the registry is there, and for any other request, Next.js answers as usual.
 *
 * Only the exact paths are taken (no query string, no percent-encoding, which the
 * app's proxy would check), so nothing Next would do differently is skipped: those
 * routes use no Next request scope, and the proxy never runs on them.
 */
import { acceptsGzip, gzip, isCompressible } from "./compression.mjs";

const DIRECT_ROUTES_KEY = Symbol.for("saluda-ridge.direct-routes");
const INTERNAL_ERROR = JSON.stringify({ error: "Something went wrong on our side. Please try again." });
/** How much of a body the handler left unread is read and dropped before the connection is cut. */
const DRAIN_ALLOWANCE_BYTES = 1024 * 1024;

/** The registry, when this request is one it serves. */
export function directRouteOf(request) {
  if (request.method !== "POST") return undefined;
  const routes = globalThis[DIRECT_ROUTES_KEY];
  const handler = routes?.post[request.url ?? ""];
  return handler ? { handler, securityHeaders: routes.securityHeaders } : undefined;
}

function webHeadersOf(request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // As Next's server does: the socket's address when no proxy put one there.
  if (!headers.has("x-forwarded-for") && request.socket.remoteAddress) headers.set("x-forwarded-for", request.socket.remoteAddress);
  return headers;
}

/**
 * The Node request's body as a web stream that reads only when the handler asks
 * for more. Unlike Readable.toWeb, nothing is pulled ahead, so a body the handler
 * does not read (a wrong content type, a declared size over the limit) stays in
 * the socket for drainRest to drop, and the connection stays usable.
 */
function bodyStreamOf(request) {
  let detach = () => {};
  const stream = new ReadableStream({
    pull(controller) {
      return new Promise((resolve) => {
        let settled = false;
        const settle = (action) => {
          if (settled) return;
          settled = true;
          detach();
          action();
          resolve();
        };
        const tryRead = () => {
          const chunk = request.read();
          if (chunk !== null) settle(() => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
          else if (request.readableEnded) settle(() => controller.close());
        };
        const onEnd = () => settle(() => controller.close());
        const onError = (error) => settle(() => controller.error(error));
        const onClose = () => settle(() => (request.readableEnded ? controller.close() : controller.error(new Error("The client closed the connection."))));
        detach = () => {
          request.off("readable", tryRead);
          request.off("end", onEnd);
          request.off("error", onError);
          request.off("close", onClose);
        };
        request.on("readable", tryRead);
        request.on("end", onEnd);
        request.on("error", onError);
        request.on("close", onClose);
        tryRead();
      });
    },
  });
  return { stream, stopReading: () => detach() };
}

/**
 * Drops what is left of a body the handler did not read, as Node does for a request
 * nobody read, so the client's next request on the connection is understood. A body
 * that keeps coming long after the answer is cut off.
 */
function drainRest(request) {
  if (request.complete || request.destroyed) return;
  let dropped = 0;
  request.on("data", (chunk) => {
    dropped += chunk.length;
    if (dropped > DRAIN_ALLOWANCE_BYTES) request.destroy();
  });
  request.resume();
}

export async function serveDirect(request, response, route) {
  let status = 500;
  let headers = [["content-type", "application/json"], ["cache-control", "no-store"]];
  let body = Buffer.from(INTERNAL_ERROR);
  const requestBody = bodyStreamOf(request);
  try {
    const webRequest = new Request(`http://localhost${request.url}`, {
      method: "POST",
      headers: webHeadersOf(request),
      body: requestBody.stream,
      duplex: "half",
    });
    const answer = await route.handler(webRequest);
    status = answer.status;
    headers = [...answer.headers];
    body = Buffer.from(await answer.arrayBuffer());
  } catch (error) {
    console.error(`Failed to handle ${request.method} ${request.url}`, error);
  }
  requestBody.stopReading();
  const flat = [];
  for (const [name, value] of Object.entries(route.securityHeaders(request.headers["x-forwarded-proto"]))) flat.push(name, value);
  for (const [name, value] of headers) flat.push(name, value);
  const contentType = headers.find(([name]) => name === "content-type")?.[1] ?? "";
  if (isCompressible(contentType, body.length)) {
    flat.push("vary", "Accept-Encoding");
    if (acceptsGzip(request)) {
      body = gzip(body);
      flat.push("content-encoding", "gzip");
    }
  }
  flat.push("content-length", String(body.length));
  response.writeHead(status, flat);
  response.end(body);
  drainRest(request);
}
