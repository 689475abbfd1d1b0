/**
 * The security headers of every answer the site gives, decided here and nowhere else.
 *
 * Read it top to bottom:
 *   1. The policy       what every answer carries, and what a page's Content-Security-Policy allows.
 *   2. Build time       `securityHeaders()`, the Astro integration: hands the policy to Astro's
 *                       `security.csp` (Astro hashes every script and style it emits) and writes the
 *                       policy Astro computed for each prerendered page to dist/route-headers.json.
 *   3. Render time      what a page rendered on demand adds while Astro renders it.
 *   4. Serve time       `headersOfEveryAnswer()`, the production server's first middleware: every
 *                       header that depends on the path alone is set before any handler runs, so
 *                       every answer for that path carries it, whatever its status (200, 206, 304,
 *                       HEAD, 400, 404). A browser merges a 304's headers into the page it cached:
 *                       a 304 with another policy than its 200 breaks the page on the next visit.
 *
 * Plain JavaScript, because astro.config.mjs, the pages, src/middleware.ts and the production
 * server (which runs without a build step) all import it.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import helmet from "helmet";
import { Parser } from "htmlparser2";

// ─── 1. The policy ────────────────────────────────────────────────────────────────────────

const STOCK_PHOTO_ORIGIN = "https://images.unsplash.com";
/** The maps provider's origins, allowed only on the survey and only when a key is set. */
const MAPS_SCRIPT_ORIGINS = ["https://maps.googleapis.com"];
const MAPS_ASSET_ORIGINS = ["https://maps.googleapis.com", "https://maps.gstatic.com"];

/** Every directive but script-src and style-src, which Astro fills with the hashes of each page. */
const DIRECTIVES = [
  "default-src 'self'",
  `img-src 'self' data: blob: ${STOCK_PHOTO_ORIGIN}`,
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
];

/**
 * What Astro's `security.csp` builds each page's policy from. Inline style attributes
 * (aspect boxes, Radix positioning) carry no script and are allowed; <style> and <script>
 * elements need the hash Astro computes for them.
 */
const ASTRO_CSP = {
  algorithm: "SHA-256",
  directives: DIRECTIVES,
  styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }] },
  scriptDirective: { resources: ["'self'"] },
};

/** The policy of answers that are not pages (API answers, files, feeds): no inline code at all. */
const BASELINE_POLICY = [...DIRECTIVES, "script-src 'self'", "style-src 'self'"].join("; ");

/** Over HTTPS, any http:// URL a page might still carry is fetched over TLS instead. */
const UPGRADE_INSECURE_REQUESTS = "upgrade-insecure-requests";

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
].join(", ");

const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** The headers helmet sets on every answer; the policy and HSTS depend on the path and the scheme, below. */
const HELMET_OPTIONS = {
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
};

/** The admin API's paths, whose answers are `Cross-Origin-Resource-Policy: same-origin` (the rest of the site: same-site). */
const ADMIN_API = /^\/api\/admin(?:\/|$)/;

/** Hashed build assets never change; pages and the other built files change with a deploy, so browsers revalidate. */
const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
const FILE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, must-revalidate";

/** "Behind TLS": the first X-Forwarded-Proto entry is https. */
const FORWARDED_HTTPS = /^\s*https\s*(?:,.*)?$/;

/**
 * Whether a request came over HTTPS: directly, or through a TLS proxy that says so.
 * @param {{ secure: boolean; forwardedProto: string | string[] | null | undefined }} request
 */
export function overHttps({ secure, forwardedProto }) {
  const first = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return secure || (typeof first === "string" && FORWARDED_HTTPS.test(first));
}

/**
 * A page's policy as sent: over HTTPS it also upgrades insecure requests (over plain HTTP,
 * on a developer's machine, that would send the page's own files to a port that has no TLS).
 * @param {string} policy
 * @param {boolean} https
 */
export function policyAsSent(policy, https) {
  if (!https || policy.includes(UPGRADE_INSECURE_REQUESTS)) return policy;
  return `${policy.trim().replace(/;$/, "")}; ${UPGRADE_INSECURE_REQUESTS};`;
}

// ─── 2. Build time ────────────────────────────────────────────────────────────────────────

/** Where the production server finds the policy of each prerendered page, keyed by its path. */
export const ROUTE_HEADERS_FILE = "route-headers.json";

/**
 * The `'sha256-…'` source of every inline <script> and <style> element of a page.
 * @param {string} html
 */
export function inlineCodeHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  /** @type {string | undefined} */
  let text;
  const parser = new Parser({
    onopentag(name, attributes) {
      if ((name === "script" && attributes.src === undefined) || name === "style") text = "";
    },
    ontext(chunk) {
      if (text !== undefined) text += chunk;
    },
    onclosetag(name) {
      if (text === undefined || (name !== "script" && name !== "style")) return;
      hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      text = undefined;
    },
  });
  parser.end(html);
  return hashes;
}

/**
 * Keeps in a policy only the hashes of code the page holds. Astro writes the <head> before it
 * has rendered the body, so every prerendered page lists the hashes of all the site's inline
 * scripts (island runtime, hydration directives), about 550 bytes on every answer.
 * @param {string} policy
 * @param {string} html
 */
export function withOnlyHashesOf(policy, html) {
  const present = inlineCodeHashes(html);
  return policy
    .split(";")
    .map((directive) =>
      directive
        .split(" ")
        .filter((source) => !source.startsWith("'sha256-") || present.has(source))
        .join(" "),
    )
    .join(";");
}

/**
 * The Astro integration: gives Astro the policy to hash pages into, then writes the headers
 * Astro computed for every prerendered page (its policy, with the hashes of that page's own
 * scripts and styles; an endpoint's Content-Type) to dist/route-headers.json.
 *
 * `astro:build:generated` is Astro's documented way to hand these headers to a host (the node
 * adapter's `staticHeaders` must be on). The adapter's own file is served only by its standalone
 * server, which matches paths by substring, so one page could get another's policy.
 * @returns {import("astro").AstroIntegration}
 */
export function securityHeaders() {
  /** @type {Map<string, { headers: Headers }> | undefined} */
  let routeToHeaders;
  /** @type {URL | undefined} */
  let outDir;
  /** @type {URL | undefined} */
  let clientDir;
  /** @param {string} pathname The built HTML of a prerendered page (build.format "file"), or undefined for an endpoint. */
  const readPage = async (pathname) => {
    if (!clientDir) return undefined;
    const file = new URL(pathname === "/" ? "index.html" : `${pathname.slice(1)}.html`, clientDir);
    return readFile(file, "utf8").catch(() => undefined);
  };
  return {
    name: "security-headers",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({ security: { csp: ASTRO_CSP } });
      },
      "astro:config:done": ({ config }) => {
        outDir = config.outDir;
        clientDir = config.build.client;
      },
      "astro:build:generated": (options) => {
        routeToHeaders = options.routeToHeaders;
      },
      "astro:build:done": async ({ logger }) => {
        if (!outDir) return;
        /** @type {Record<string, Record<string, string>>} */
        const table = {};
        for (const [pathname, { headers }] of routeToHeaders ?? []) {
          const entry = Object.fromEntries(headers.entries());
          const policy = entry["content-security-policy"];
          const html = policy ? await readPage(pathname) : undefined;
          if (policy && html !== undefined) entry["content-security-policy"] = withOnlyHashesOf(policy, html);
          table[pathname] = entry;
        }
        await writeFile(new URL(ROUTE_HEADERS_FILE, outDir), `${JSON.stringify(table, null, 1)}\n`);
        logger.info(`headers of ${Object.keys(table).length} prerendered routes written to ${ROUTE_HEADERS_FILE}`);
      },
    },
  };
}

// ─── 3. Render time: pages rendered on demand ─────────────────────────────────────────────
// Astro sends these pages' policy itself, computed as they render; src/middleware.ts hands every
// such answer to renderedAnswerHeaders(). A page that needs more than its hashes asks for it here.

/** What is rendered per request reads the request (a preset, a query, a post): no shared cache may keep it. */
const RENDERED_CACHE_CONTROL = "private, no-store";

/**
 * The headers of an answer rendered on demand (a page or an endpoint), set on `headers` in place:
 * the policy Astro computed, as sent over this scheme, and the cache policy unless the route
 * chose its own.
 * @param {Headers} headers
 * @param {boolean} https
 */
export function renderedAnswerHeaders(headers, https) {
  const policy = headers.get("content-security-policy");
  if (policy) headers.set("Content-Security-Policy", policyAsSent(policy, https));
  if (!headers.has("cache-control")) headers.set("Cache-Control", RENDERED_CACHE_CONTROL);
}

/** @typedef {import("astro").APIContext["csp"]} PageCsp */

/**
 * The survey, when a maps key is configured: the maps provider's script, tiles and API.
 * @param {PageCsp} csp
 */
export function allowMapsProvider(csp) {
  for (const origin of MAPS_SCRIPT_ORIGINS) csp?.insertScriptResource(origin);
  csp?.insertDirective(`img-src ${MAPS_ASSET_ORIGINS.join(" ")}`);
  csp?.insertDirective(`connect-src ${MAPS_ASSET_ORIGINS.join(" ")}`);
}

/**
 * The back office: its detail dialogs lock page scrolling with a <style> element whose content
 * depends on the scrollbar's width, so no build-time hash can cover it. It carries a nonce,
 * 128 random bits, fresh for every answer; the page hands it to the island.
 * @param {PageCsp} csp
 * @returns {string} the nonce
 */
export function allowNoncedStyle(csp) {
  const nonce = randomBytes(16).toString("base64");
  csp?.insertStyleResource(`'nonce-${nonce}'`);
  return nonce;
}

// ─── 4. Serve time ────────────────────────────────────────────────────────────────────────

/**
 * The path a built file answers, the key of dist/route-headers.json: "/blog/", "/blog.html",
 * "/blog/index.html" → "/blog", as the static file handler (sirv) finds them.
 * @param {string} path
 */
export function builtRouteOf(path) {
  let route = path;
  try {
    route = decodeURI(path);
  } catch {
    // Broken percent-encoding names no file; the server answers 400.
  }
  route = route.replace(/(.)\/$/, "$1").replace(/\.html$/, "").replace(/\/index$/, "/");
  return route === "" ? "/" : route;
}

/**
 * The headers of every file of the build, by the path that answers it: the cache policy of all,
 * and the policy (and an endpoint's type) Astro computed for each prerendered route.
 * @param {URL} distDir
 * @returns {Map<string, Record<string, string>>}
 */
function builtFileHeaders(distDir) {
  /** @type {Record<string, Record<string, string>>} */
  const routeHeaders = JSON.parse(readFileSync(new URL(ROUTE_HEADERS_FILE, distDir), "utf8"));
  const clientDir = fileURLToPath(new URL("client/", distDir));
  /** @type {Map<string, Record<string, string>>} */
  const table = new Map();
  for (const file of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || /\.(br|gz)$/.test(file.name)) continue;
    const relative = path.relative(clientDir, path.join(file.parentPath, file.name)).split(path.sep).join("/");
    const route = builtRouteOf(`/${relative}`);
    const { "content-type": type, "content-security-policy": policy } = routeHeaders[route] ?? {};
    table.set(route, {
      "Cache-Control": route.startsWith("/_astro/") ? ASSET_CACHE_CONTROL : FILE_CACHE_CONTROL,
      // Built files are sent as the build compressed them, chosen by Accept-Encoding.
      Vary: "Accept-Encoding",
      // A prerendered endpoint keeps the type its GET answered (by extension, the feed would be text/xml).
      ...(type && !type.startsWith("text/html") ? { "Content-Type": type } : {}),
      ...(policy ? { "Content-Security-Policy": policy } : {}),
    });
  }
  return table;
}

/**
 * The production server's first middleware. Everything set here holds for every answer of the
 * path; a page rendered on demand replaces the baseline policy with the one Astro computed.
 * @param {URL} distDir the build (dist/)
 * @returns {import("express").RequestHandler}
 */
export function headersOfEveryAnswer(distDir) {
  const built = builtFileHeaders(distDir);
  const helmetHeaders = helmet(HELMET_OPTIONS);
  const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true });
  return (request, response, next) => {
    helmetHeaders(request, response, () => {
      const https = overHttps({ secure: request.secure, forwardedProto: request.headers["x-forwarded-proto"] });
      const { "Content-Security-Policy": policy = BASELINE_POLICY, ...fileHeaders } = built.get(builtRouteOf(request.path)) ?? {};
      response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      response.setHeader("Content-Security-Policy", policyAsSent(policy, https));
      for (const [name, value] of Object.entries(fileHeaders)) response.setHeader(name, value);
      // The admin API's answers are the owner's data: no other origin, even a sibling subdomain, may embed them.
      if (ADMIN_API.test(request.path)) response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      // HSTS means something only over HTTPS.
      if (https) return hsts(request, response, next);
      next();
    });
  };
}
