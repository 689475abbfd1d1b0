/**
 * Prerendered pages from memory. Next.js answers a prerendered page from its own
 * cache, but on every request it still routes it, applies the configured headers,
 * hashes the whole page for its ETag and writes the page out from a string (about
 * 2 ms of the one main thread for the 180 KB home page). These pages only change
 * with a new build, which restarts the server, so the first answer Next gives for
 * each is kept byte for byte (status 200, headers, body, and its gzip) and replayed.
 *
 * Only requests whose answer cannot differ are served from memory: GET or HEAD of a
 * path Next lists as prerendered with no revalidation, spelled exactly as listed, no
 * query string, none of the router's headers (those ask for the React payload, not
 * the page), no conditional or range request (Next answers those itself, 304
 * included), and an X-Forwarded-Proto of nothing, "http" or "https" (the security
 * headers differ behind TLS, so each kind is kept apart). Everything else goes to
 * Next.js as before. The set of keys is fixed by the build, so memory is bounded.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { acceptsGzip, gzip, isCompressible, varyOnEncoding } from "./compression.mjs";

const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-url", "next-action"];
const CONDITIONAL_HEADERS = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "range", "if-range"];
/** Written by Node for each response, or describing one particular encoding of the body. */
const PER_RESPONSE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/** Paths Next serves from its prerender cache and never regenerates, from the build's manifest. */
export function staticPrerenderedPaths(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8"));
  return new Set(
    Object.entries(manifest.routes ?? {})
      .filter(([, route]) => route.initialRevalidateSeconds === false)
      .map(([route]) => route),
  );
}

export class PageCache {
  #paths;
  #entries = new Map();

  constructor(paths) {
    this.#paths = paths;
  }

  /** The key of a request that may be answered from memory, or undefined. */
  keyOf(request) {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const url = request.url ?? "";
    if (!this.#paths.has(url)) return undefined;
    const headers = request.headers;
    for (const name of ROUTER_HEADERS) if (headers[name] !== undefined) return undefined;
    for (const name of CONDITIONAL_HEADERS) if (headers[name] !== undefined) return undefined;
    const proto = headers["x-forwarded-proto"];
    if (proto === undefined) return url;
    if (proto === "http" || proto === "https") return `${proto} ${url}`;
    return undefined;
  }

  get(key) {
    return this.#entries.get(key);
  }

  /**
   * Keeps a finished answer when it is one every later request may get: a 200 with a
   * body, no cookie, not marked private or uncacheable, and not already encoded.
   */
  store(key, captured, response) {
    if (captured.statusCode !== 200 || !captured.hasBody || captured.body.length === 0) return undefined;
    if (response.getHeader("set-cookie") !== undefined || response.getHeader("content-encoding") !== undefined) return undefined;
    if (/\b(private|no-store|no-cache)\b/i.test(String(response.getHeader("cache-control") ?? ""))) return undefined;
    const compressible = isCompressible(captured.contentType, captured.body.length);
    // On the response itself, so the first answer carries it as the replayed ones do.
    if (compressible) varyOnEncoding(response);
    const headers = [];
    for (const [name, value] of Object.entries(response.getHeaders())) {
      if (PER_RESPONSE_HEADERS.has(name)) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.push([name, String(item)]);
    }
    const body = captured.body;
    const gzipped = compressible ? gzip(body) : undefined;
    const entry = {
      identity: { headers: [...headers, ["content-length", String(body.length)]].flat(), body },
      gzip: gzipped && { headers: [...headers, ["content-encoding", "gzip"], ["content-length", String(gzipped.length)]].flat(), body: gzipped },
    };
    this.#entries.set(key, entry);
    return entry;
  }

  /** Answers from a kept entry, in gzip when the client takes it. */
  serve(request, response, entry) {
    const variant = entry.gzip && acceptsGzip(request) ? entry.gzip : entry.identity;
    response.writeHead(200, variant.headers);
    response.end(request.method === "HEAD" ? undefined : variant.body);
  }
}
