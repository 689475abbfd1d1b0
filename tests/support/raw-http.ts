import http from "node:http";

/**
 * One HTTP request with nothing added or checked on the way: any method, any header
 * value Node will put on the wire, a body of raw bytes (so invalid UTF-8 stays
 * invalid) sent with a Content-Length or, with `chunked`, without one.
 */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const url = new URL(request.path, baseUrl);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body && !request.chunked) headers["content-length"] = String(request.body.byteLength);
  // Node frames a body as chunks by itself only for methods that usually carry one.
  if (request.body && request.chunked) headers["transfer-encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { agent, host: url.hostname, port: url.port, method: request.method, path: `${url.pathname}${url.search}`, headers, timeout: timeoutMs },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms: ${request.method} ${request.path}`)));
    outgoing.on("error", reject);
    if (request.body && request.body.byteLength > 0) outgoing.write(request.body);
    outgoing.end();
  });
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonBodyOf(response: RawResponse): unknown {
  try {
    return JSON.parse(response.body.toString("utf8"));
  } catch {
    return undefined;
  }
}
