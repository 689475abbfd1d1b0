import { writeFile } from "node:fs/promises";
import type { AstroIntegration, RouteToHeaders } from "astro";

/** Where the production server finds the headers of each prerendered page. */
export const ROUTE_HEADERS_FILE = "route-headers.json";

export type RouteHeaders = Record<string, Record<string, string>>;

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
  return {
    name: "route-security-headers",
    hooks: {
      "astro:config:done": ({ config }) => {
        outDir = config.outDir;
      },
      "astro:build:generated": (options) => {
        routeToHeaders = options.routeToHeaders;
      },
      "astro:build:done": async ({ logger }) => {
        if (!outDir) return;
        const table: RouteHeaders = {};
        for (const [pathname, { headers }] of routeToHeaders ?? []) {
          table[pathname] = Object.fromEntries(headers.entries());
        }
        await writeFile(new URL(ROUTE_HEADERS_FILE, outDir), `${JSON.stringify(table, null, 1)}\n`);
        logger.info(`headers of ${Object.keys(table).length} prerendered routes written to ${ROUTE_HEADERS_FILE}`);
      },
    },
  };
}
