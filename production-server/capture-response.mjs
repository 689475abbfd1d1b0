/**
 * Holds back what Next.js writes to a response until it has finished, then hands the
 * whole answer (status, headers, body) to `finish`, which decides what is sent. Used
 * where the server needs the complete page: to rewrite a page rendered per request
 * (deferred hydration) and to keep a prerendered page in memory (page-cache.mjs).
 *
 * `finish(captured, send)` must call `send(body)` exactly once; `send` writes the
 * status and headers as they stand on the response, a Content-Length, and the body
 * (none for HEAD, 204 and 304).
 */
export function captureResponse(request, response, finish) {
  const original = { writeHead: response.writeHead, end: response.end };
  const chunks = [];
  let finished = false;

  const collect = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8"));
  };

  // Next writes its headers through writeHead and setHeader; both land on the response
  // object here, so `send` finds them all in one place.
  response.writeHead = function writeHead(statusCode, reason, headers) {
    const values = typeof reason === "object" && reason !== null ? reason : headers;
    response.statusCode = statusCode;
    if (typeof reason === "string") response.statusMessage = reason;
    if (Array.isArray(values)) {
      for (let i = 0; i + 1 < values.length; i += 2) response.setHeader(values[i], values[i + 1]);
    } else if (values) {
      for (const [name, value] of Object.entries(values)) if (value !== undefined) response.setHeader(name, value);
    }
    return response;
  };
  response.flushHeaders = () => {};
  response.write = function write(chunk, encoding, callback) {
    collect(chunk, encoding);
    const done = typeof encoding === "function" ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  response.end = function end(chunk, encoding, callback) {
    if (finished) return response;
    finished = true;
    collect(chunk, encoding);
    const done = [chunk, encoding, callback].find((value) => typeof value === "function");
    const hasBody = request.method !== "HEAD" && response.statusCode !== 204 && response.statusCode !== 304;
    const send = (body) => {
      response.removeHeader("transfer-encoding");
      if (hasBody) response.setHeader("Content-Length", body.length);
      original.writeHead.call(response, response.statusCode);
      original.end.call(response, hasBody ? body : undefined, done);
    };
    finish({ statusCode: response.statusCode, hasBody, body: Buffer.concat(chunks), contentType: String(response.getHeader("content-type") ?? "") }, send);
    return response;
  };
}
