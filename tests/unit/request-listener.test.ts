import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRequestListener } from "../../production-server/request-listener.mjs";
import { deferredScripts } from "../support/first-load-scripts";

/**
 * The production server's own layer, in front of a stand-in for Next.js's handler that
 * answers like Next does for a prerendered page (headers set one by one, then the page)
 * and counts what reaches it.
 */
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><main>${"Saluda Ridge ".repeat(400)}</main></body></html>`;
const calls: string[] = [];

async function nextLike(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://localhost");
  calls.push(`${request.method} ${request.url}${request.headers["accept-encoding"] ? " (encoding asked)" : ""}`);
  if (url.pathname === "/missing") {
    response.statusCode = 404;
    response.end("not here");
    return;
  }
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  response.setHeader("Cache-Control", url.pathname === "/private" ? "private, no-cache" : "s-maxage=31536000");
  response.setHeader("ETag", '"abc"');
  response.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch");
  if (url.pathname === "/cookie") response.setHeader("Set-Cookie", "a=b");
  if (request.headers["x-forwarded-proto"] === "https") response.setHeader("Strict-Transport-Security", "max-age=63072000");
  if (request.headers["if-none-match"] === '"abc"') {
    response.statusCode = 304;
    response.end();
    return;
  }
  response.writeHead(200);
  response.write(PAGE.slice(0, 100));
  response.end(request.method === "HEAD" ? undefined : PAGE.slice(100));
}

let server: http.Server;
let base: string;

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      })
      .on("error", reject)
      .end();
  });
}

const withoutDate = ({ date: _date, ...rest }: http.IncomingHttpHeaders) => rest;

beforeAll(async () => {
  const prerendered = new Set(["/", "/about", "/private", "/cookie", "/missing"]);
  server = http.createServer(createRequestListener({ handle: nextLike, prerendered }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls.length = 0;
});

describe("prerendered pages from memory", () => {
  it("asks Next once, then replays the same status, headers and bytes", async () => {
    const first = await get("/about");
    const second = await get("/about");
    const third = await get("/about");
    expect(calls).toEqual(["GET /about"]);
    for (const answer of [first, second, third]) {
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(PAGE);
    }
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.headers["etag"]).toBe('"abc"');
    expect(second.headers["content-length"]).toBe(String(Buffer.byteLength(PAGE)));
    expect(second.headers["vary"]).toBe("rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding");
  });

  it("answers in gzip to a client that takes it, from the first answer on", async () => {
    const first = await get("/", { "Accept-Encoding": "gzip, br" });
    const second = await get("/", { "Accept-Encoding": "gzip" });
    const plain = await get("/");
    // Next is asked for the page uncompressed; the gzip copy is made once.
    expect(calls).toEqual(["GET /"]);
    for (const answer of [first, second]) {
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(gunzipSync(answer.body).toString()).toBe(PAGE);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it("answers HEAD from memory with the page's headers and no body", async () => {
    await get("/about");
    calls.length = 0;
    const head = await get("/about", {}, "HEAD");
    expect(calls).toEqual([]);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(PAGE)));
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next whatever could be answered differently", async () => {
    await get("/about");
    calls.length = 0;
    await get("/about?utm_source=mail");
    await get("/about", { RSC: "1" });
    await get("/about", { "Next-Router-Prefetch": "1" });
    await get("/about/");
    await get("/about", { Range: "bytes=0-10" });
    await get("/about", { "X-Forwarded-Proto": "gopher" });
    const conditional = await get("/about", { "If-None-Match": '"abc"' });
    expect(conditional.status).toBe(304);
    expect(calls).toEqual([
      "GET /about?utm_source=mail",
      "GET /about",
      "GET /about",
      "GET /about/",
      "GET /about",
      "GET /about",
      "GET /about",
    ]);
  });

  it("keeps answers behind TLS apart from plain ones, since their security headers differ", async () => {
    const secure = await get("/about", { "X-Forwarded-Proto": "https" });
    const secureAgain = await get("/about", { "X-Forwarded-Proto": "https" });
    const plain = await get("/about", { "X-Forwarded-Proto": "http" });
    expect(secure.headers["strict-transport-security"]).toBeDefined();
    expect(secureAgain.headers["strict-transport-security"]).toBeDefined();
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(calls).toEqual(["GET /about", "GET /about"]);
  });

  it("never keeps an error, a private answer or one that sets a cookie", async () => {
    for (const path of ["/missing", "/private", "/cookie"]) {
      const first = await get(path);
      await get(path);
      expect(calls.filter((call) => call === `GET ${path}`), path).toHaveLength(2);
      if (path === "/missing") expect(first.status).toBe(404);
    }
  });
});

describe("pages rendered per request", () => {
  it("get the deferred-hydration rewrite and gzip when a browser navigates to them", async () => {
    const navigation = { Accept: "text/html", "Accept-Encoding": "gzip" };
    const answer = await get("/contact", navigation);
    await get("/contact", navigation);
    expect(calls).toEqual(["GET /contact", "GET /contact"]);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(answer.body).toString();
    expect(deferredScripts(html)).toEqual(["/_next/static/chunks/a.js"]);
    expect(html).not.toContain('<script src="/_next/static/chunks/a.js" async="">');
  });

  it("are passed through unchanged when the request is not a page navigation", async () => {
    const payload = await get("/contact", { Accept: "text/html", RSC: "1" });
    expect(payload.body.toString()).toBe(PAGE);
    const api = await get("/api/contact", { Accept: "text/html" });
    expect(api.body.toString()).toBe(PAGE);
  });
});

describe("the lead endpoints, called directly", () => {
  const KEY = Symbol.for("saluda-ridge.direct-routes");
  const seen: { url: string; body: string; forwardedFor: string | null }[] = [];
  type Registry = { post: Record<string, (request: Request) => Promise<Response>>; securityHeaders: (proto: string | undefined) => Record<string, string> };
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };

  beforeAll(() => {
    holder[KEY] = {
      post: {
        "/api/contact": async (request) => {
          const body = await request.text();
          seen.push({ url: request.url, body, forwardedFor: request.headers.get("x-forwarded-for") });
          if (body === "boom") throw new Error("handler failed");
          if (body === "long") return Response.json({ error: "x".repeat(5000) }, { status: 400, headers: { "Cache-Control": "no-store" } });
          return Response.json({ id: 7 }, { status: 201, headers: { "Cache-Control": "no-store" } });
        },
        // Answers without reading the body, as the real handler does for a wrong content type.
        "/api/survey": async () => Response.json({ error: "Content-Type must be application/json." }, { status: 415 }),
      },
      securityHeaders: (proto) => ({ "X-Content-Type-Options": "nosniff", ...(proto === "https" ? { "Strict-Transport-Security": "max-age=1" } : {}) }),
    };
  });
  afterAll(() => {
    delete holder[KEY];
  });
  beforeEach(() => {
    seen.length = 0;
  });

  function post(path: string, body: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers } }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  it("hands the request to the registered handler and sends its answer with the security headers", async () => {
    const answer = await post("/api/contact", '{"name":"Ada"}', { "X-Forwarded-Proto": "https" });
    expect(calls).toEqual([]);
    expect(seen).toEqual([{ url: "http://localhost/api/contact", body: '{"name":"Ada"}', forwardedFor: "127.0.0.1" }]);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ id: 7 });
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["strict-transport-security"]).toBe("max-age=1");
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
  });

  it("keeps the address a proxy forwarded", async () => {
    await post("/api/contact", "{}", { "X-Forwarded-For": "203.0.113.9" });
    expect(seen[0]?.forwardedFor).toBe("203.0.113.9");
  });

  it("answers a failing handler with a JSON 500, and compresses long answers for clients that take gzip", async () => {
    const failed = await post("/api/contact", "boom");
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body.toString())).toEqual({ error: "Something went wrong on our side. Please try again." });
    const long = await post("/api/contact", "long", { "Accept-Encoding": "gzip" });
    expect(long.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(long.body).toString()).error).toHaveLength(5000);
  });

  it("leaves other methods, other paths and query strings to Next", async () => {
    await post("/api/contact?debug=1", "{}");
    await post("/api/other", "{}");
    await get("/api/contact");
    expect(seen).toEqual([]);
    expect(calls).toEqual(["POST /api/contact?debug=1", "POST /api/other", "GET /api/contact"]);
  });
});

describe("a body the handler does not read", () => {
  it("is dropped after the answer, so the next request on the same connection is understood", async () => {
    const KEY = Symbol.for("saluda-ridge.direct-routes");
    const holder = globalThis as typeof globalThis & { [KEY]?: unknown };
    holder[KEY] = {
      post: { "/api/survey": async () => Response.json({ error: "Content-Type must be application/json." }, { status: 415 }) },
      securityHeaders: () => ({}),
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}${path}`, { method, agent, headers: body ? { "Content-Type": "text/plain", "Content-Length": body.length } : {} }, (response) => {
          sockets.add(response.socket);
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        request.end(body);
      });
    try {
      expect(await send("POST", "/api/survey", Buffer.alloc(300_000, "x"))).toBe(415);
      expect(await send("GET", "/about")).toBe(200);
      expect(await send("POST", "/api/survey", Buffer.alloc(10, "x"))).toBe(415);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
      delete holder[KEY];
    }
  });
});
