import { gzipSync } from "node:zlib";

/** Below this size gzip is not worth its header, as in Next's own compression. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

export function acceptsGzip(request) {
  return /\bgzip\b/i.test(String(request.headers["accept-encoding"] ?? ""));
}

export function isCompressible(contentType, length) {
  return length >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(contentType);
}

export function gzip(body) {
  return gzipSync(body);
}

/** Adds Accept-Encoding to the response's Vary header unless it is there already. */
export function varyOnEncoding(response) {
  const vary = String(response.getHeader("vary") ?? "");
  if (!/accept-encoding/i.test(vary)) response.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
