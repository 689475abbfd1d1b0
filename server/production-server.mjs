/**
 * `npm start`: the production server. Wiring only, around maintained middleware:
 *   helmet + one Permissions-Policy line  security headers on every answer
 *   a JSON 405 for TRACE                  which the adapter cannot hand to Astro
 *   compression                           brotli or gzip for answers rendered on demand
 *   sirv                                  the prerendered pages and hashed assets in dist/client, sent
 *                                         as the build compressed them (src/integrations/precompressed-files.ts)
 *   @astrojs/node (middleware mode)       pages rendered on demand, the API, the 404 page
 * Every answer starts with a baseline Content-Security-Policy; prerendered pages replace it
 * with the one Astro computed for them at build time (dist/route-headers.json), pages
 * rendered on demand with the one Astro sends (src/middleware.ts adds the HTTPS directive).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import sirv from "sirv";
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, UPGRADE_INSECURE_REQUESTS, baselineContentSecurityPolicy, forwardedOverHttps } from "./security-policy.mjs";

const dist = new URL("../dist/", import.meta.url);
const clientDir = fileURLToPath(new URL("client/", dist));
const routeHeaders = JSON.parse(readFileSync(new URL("route-headers.json", dist), "utf8"));

const { values: args } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: false,
});
const port = Number(args.port ?? process.env.PORT ?? 3000);
const host = String(args.hostname ?? process.env.HOST ?? "0.0.0.0");
// The app reads its own port from here (the first-run setup link, without SITE_URL).
process.env.PORT = String(port);

// Loading the app starts its background jobs, or stops the process on invalid admin settings.
const { handler: astroHandler } = await import(new URL("server/entry.mjs", dist).href);

const ONE_YEAR = 31_536_000;
/** Every method some route of the site answers (each endpoint's own 405 names its own). */
const SERVED_METHODS = "GET, HEAD, POST, DELETE, OPTIONS";
/** Prerendered pages and files of the build: browsers revalidate, a CDN may keep them five minutes. */
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, must-revalidate";

/** "/blog/sd-wan-vs-mpls" or "/blog/sd-wan-vs-mpls.html" → "/blog/sd-wan-vs-mpls", the key Astro used. */
function routeOf(file) {
  const route = file.replace(/\.html$/, "").replace(/\/index$/, "/");
  return route === "" ? "/" : route;
}

const isHttps = (request) => request.secure || forwardedOverHttps(request.headers["x-forwarded-proto"]);

const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.use(
  helmet({
    // The policy depends on the page (hashes of its own scripts): set below and by Astro.
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-site" },
    // Headers only retired browsers read (IE 8's download prompt, Flash and Acrobat policy files, the
    // XSS auditor Chrome removed in 2019): they would cost every answer bytes and protect no one.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
);
const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true });
app.use((request, response, next) => {
  response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  response.setHeader("Content-Security-Policy", baselineContentSecurityPolicy());
  // HSTS means something only over HTTPS; behind a TLS proxy it says so in X-Forwarded-Proto.
  if (isHttps(request)) return hsts(request, response, next);
  next();
});
// Node's fetch Request refuses TRACE, so the adapter would answer it with a bare 500, and sirv
// would send a file as for GET. No route serves it, and it must echo nothing back.
app.use((request, response, next) => {
  if (request.method !== "TRACE") return next();
  response.status(405).set({ Allow: SERVED_METHODS, "Cache-Control": "no-store" }).json({ error: "Method not allowed." });
});
app.use(compression());
app.use(
  sirv(clientDir, {
    dev: false,
    etag: true,
    extensions: ["html"],
    brotli: true,
    gzip: true,
    // `pathname` is the path asked for ("/services"), not the file found ("services.html").
    setHeaders(response, pathname) {
      if (pathname.startsWith("/_astro/")) {
        response.setHeader("Cache-Control", `public, max-age=${ONE_YEAR}, immutable`);
        return;
      }
      // Pages and the other files of the build change only with a deploy.
      response.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
      const built = routeHeaders[routeOf(pathname)];
      // A prerendered endpoint keeps the type its GET answered (by extension, the feed would be text/xml).
      const type = built?.["content-type"];
      if (type && !type.startsWith("text/html")) response.setHeader("Content-Type", type);
      const policy = built?.["content-security-policy"];
      if (policy) response.setHeader("Content-Security-Policy", isHttps(response.req) ? `${policy} ${UPGRADE_INSECURE_REQUESTS};` : policy);
    },
  }),
);
app.use(astroHandler);
// Nothing matched: Astro renders the 404 page (on demand, so it knows the path it answers).
app.use((request, response) => astroHandler(request, response));

const server = app.listen(port, host, () => {
  console.log(`[server] listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});
server.keepAliveTimeout = 65_000;

// Stop taking connections, let requests under way finish, then exit with the signal's code
// (128 + its number, as a process killed by it). A repeated signal must not cut the drain short.
let stopping = false;
for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(code));
    server.closeIdleConnections();
  });
}
