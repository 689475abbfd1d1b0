import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { AstroIntegration, RouteToHeaders } from "astro";
import { Parser } from "htmlparser2";

/** Where the production server finds the headers of each prerendered page. */
export const ROUTE_HEADERS_FILE = "route-headers.json";

export type RouteHeaders = Record<string, Record<string, string>>;

/** The `'sha256-…'` source of every inline <script> and <style> element of a page. */
export function inlineCodeHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  let text: string | undefined;
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
 */
export function withOnlyHashesOf(policy: string, html: string): string {
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
 * Writes the headers Astro computed for every prerendered page (its CSP, with the hashes
 * of that page's own scripts and styles) to dist/route-headers.json, keyed by exact path.
 *
 * Why our own: the node adapter's `staticHeaders` file is served only by its standalone
 * server, which matches paths by substring (one page could get another's policy). The
 * `astro:build:generated` hook is Astro's documented way to hand these headers to a host.
 */
export function routeSecurityHeaders(): AstroIntegration {
  let routeToHeaders: RouteToHeaders | undefined;
  let outDir: URL | undefined;
  let clientDir: URL | undefined;
  /** The built HTML of a prerendered page (build.format "file"), or undefined for an endpoint. */
  const readPage = async (pathname: string): Promise<string | undefined> => {
    if (!clientDir) return undefined;
    const file = new URL(pathname === "/" ? "index.html" : `${pathname.slice(1)}.html`, clientDir);
    return readFile(file, "utf8").catch(() => undefined);
  };
  return {
    name: "route-security-headers",
    hooks: {
      "astro:config:done": ({ config }) => {
        outDir = config.outDir;
        clientDir = config.build.client;
      },
      "astro:build:generated": (options) => {
        routeToHeaders = options.routeToHeaders;
      },
      "astro:build:done": async ({ logger }) => {
        if (!outDir) return;
        const table: RouteHeaders = {};
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
