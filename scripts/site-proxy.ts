import http from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * bench:lighthouse's side-by-side FCP figures compare a page with the same page with every
 * script removed. Both are served by one of these local proxies in front of the production
 * server, identical but for `removeScripts`, so neither copy pays a cost the other does not:
 * each answers every request as the server does, from memory after the first time, and the
 * scripts-removed one drops the HTML's `<script>` elements (JSON-LD data blocks stay: they are
 * not scripts that run) and module preloads. Text is compressed again the way the browser
 * asked, so both copies weigh what a visitor would download.
 */
export interface SiteProxy {
  url: string;
  close: () => Promise<void>;
}

const RUNNABLE_SCRIPT = /<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi;
const MODULE_PRELOAD = /<link\b[^>]*rel="modulepreload"[^>]*>/gi;
const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

/** The HTML of a page without anything that runs. */
export function withoutScripts(html: string): string {
  return html.replace(RUNNABLE_SCRIPT, "").replace(MODULE_PRELOAD, "");
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export async function startSiteProxy(origin: string, { removeScripts }: { removeScripts: boolean }): Promise<SiteProxy> {
  const answers = new Map<string, Promise<Answer>>();

  async function answer(request: http.IncomingMessage, encoding: "br" | "gzip" | "identity"): Promise<Answer> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && name !== "host" && name !== "accept-encoding") headers.set(name, value);
    }
    const upstream = await fetch(`${origin}${request.url ?? "/"}`, { headers, redirect: "manual" });
    const type = upstream.headers.get("content-type") ?? "";
    let body = Buffer.from(await upstream.arrayBuffer());
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) out[name] = value;
    });
    if (removeScripts && type.startsWith("text/html")) body = Buffer.from(withoutScripts(body.toString("utf8")));
    // Fonts and images are compressed formats already: sent as they are.
    if (/^(text\/|application\/(javascript|json|xml)|image\/svg)/.test(type) && encoding !== "identity") {
      body = encoding === "br" ? brotliCompressSync(body) : gzipSync(body, { level: 9 });
      out["content-encoding"] = encoding;
    }
    out["content-length"] = String(body.length);
    return { status: upstream.status, headers: out, body };
  }

  const server = http.createServer(async (request, response) => {
    try {
      const accepts = String(request.headers["accept-encoding"] ?? "");
      const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : "identity";
      const key = `${request.method} ${request.url} ${encoding}`;
      let pending = request.method === "GET" ? answers.get(key) : undefined;
      if (!pending) {
        pending = answer(request, encoding);
        if (request.method === "GET") answers.set(key, pending);
      }
      const { status, headers, body } = await pending;
      response.writeHead(status, headers);
      response.end(body);
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
