/**
 * `npm start`: the production server. Wiring only, around maintained middleware:
 *   headersOfEveryAnswer                  the security headers of every answer, and the cache policy of
 *                                         built files, set from the path before anything answers
 *                                         (server/security-headers.mjs decides them all)
 *   a 400 for a path that does not decode which the adapter would log as an error
 *   a JSON 405 for TRACE                  which the adapter cannot hand to Astro
 *   compression                           brotli or gzip for answers rendered on demand
 *   sirv                                  the prerendered pages and hashed assets in dist/client, sent
 *                                         as the build compressed them (src/integrations/precompressed-files.ts)
 *   @astrojs/node (middleware mode)       pages rendered on demand, the API, the 404 page
 * The HTTP server bounds slow clients (headers, whole request) and the number of connections.
 */
import http from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import compression from "compression";
import express from "express";
import sirv from "sirv";
import { headersOfEveryAnswer } from "./security-headers.mjs";

const dist = new URL("../dist/", import.meta.url);
const clientDir = fileURLToPath(new URL("client/", dist));

const { values: args } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: false,
});
const port = Number(args.port ?? process.env.PORT ?? 3000);
const host = String(args.hostname ?? process.env.HOST ?? "0.0.0.0");
// The app reads its own port from here (the first-run setup link, without SITE_URL).
process.env.PORT = String(port);

/** A whole number from the environment, or the default when unset. */
function positiveIntegerFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`[server] ${name} must be a positive whole number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}
// A phone on a bad network still sends its headers within 15 s and a form within 60 s; a client
// slower than that only holds a socket. Past the cap, new connections are refused until one ends.
const HEADERS_TIMEOUT_MS = positiveIntegerFromEnv("HEADERS_TIMEOUT_MS", 15_000);
const REQUEST_TIMEOUT_MS = positiveIntegerFromEnv("REQUEST_TIMEOUT_MS", 60_000);
const MAX_CONNECTIONS = positiveIntegerFromEnv("MAX_CONNECTIONS", 1_000);

// Loading the app starts its background jobs, or stops the process on invalid admin settings.
const { handler: astroHandler } = await import(new URL("server/entry.mjs", dist).href);

/** Every method some route of the site answers (each endpoint's own 405 names its own). */
const SERVED_METHODS = "GET, HEAD, POST, DELETE, OPTIONS";

/** Whether a path's percent-encoding is broken (Astro decodes paths as decodeURI does). */
function undecodable(path) {
  try {
    decodeURI(path);
    return false;
  } catch {
    return true;
  }
}

const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.use(headersOfEveryAnswer(dist));
// A path that does not decode names nothing. Astro would log each one as an error, and anyone can send them.
app.use((request, response, next) => {
  if (!undecodable(request.path)) return next();
  response.status(400).set("Cache-Control", "no-store");
  if (request.path.startsWith("/api/")) response.json({ error: "Malformed URL." });
  else response.type("text/plain").send("Bad Request");
});
// Node's fetch Request refuses TRACE, so the adapter would answer it with a bare 500, and sirv
// would send a file as for GET. No route serves it, and it must echo nothing back.
app.use((request, response, next) => {
  if (request.method !== "TRACE") return next();
  response.status(405).set({ Allow: SERVED_METHODS, "Cache-Control": "no-store" }).json({ error: "Method not allowed." });
});
app.use(compression());
app.use(sirv(clientDir, { dev: false, etag: true, extensions: ["html"], brotli: true, gzip: true }));
app.use(astroHandler);
// Nothing matched: Astro renders the 404 page (on demand, so it knows the path it answers).
app.use((request, response) => astroHandler(request, response));

const server = http.createServer(
  {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // How often Node checks the two timeouts above (by default every 30 s, which would let a slow client overstay by as much).
    connectionsCheckingInterval: Math.min(1_000, HEADERS_TIMEOUT_MS),
  },
  app,
);
server.keepAliveTimeout = 65_000;
server.maxConnections = MAX_CONNECTIONS;
server.listen(port, host, () => {
  console.log(`[server] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

/** While stopping, how often the connections that have gone idle since are closed. */
const CLOSE_IDLE_EVERY_MS = 250;

// Stop taking connections, let requests under way finish, then exit with the signal's code
// (128 + its number, as a process killed by it). A repeated signal must not cut the drain short.
let stopping = false;
for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(code));
    server.closeIdleConnections();
    // A keep-alive connection whose request was under way goes idle only when its answer is sent, and
    // would then be kept for keepAliveTimeout (65 s), holding the exit back: it is closed once it does.
    setInterval(() => server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS).unref();
  });
}
