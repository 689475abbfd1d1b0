// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { hydrateAfterPaint } from "./src/integrations/hydrate-after-paint";
import { hydrateOnInteraction } from "./src/integrations/hydrate-on-interaction";
import { precompressedFiles } from "./src/integrations/precompressed-files";
import { scriptModuleMap } from "./src/integrations/script-module-map";
import { securityHeaders } from "./server/security-headers.mjs";

/**
 * Public pages are prerendered (the default); pages and endpoints that read a request
 * opt out with `export const prerender = false`. `npm start` mounts the adapter's
 * middleware in server/production-server.mjs, which adds static files and compression.
 * Every security header, the Content-Security-Policy Astro hashes pages into included, is
 * decided in server/security-headers.mjs (the `securityHeaders()` integration below).
 */
export default defineConfig({
  site: (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, ""),
  trailingSlash: "never",
  build: { format: "file" },
  // staticHeaders: the CSP of each prerendered page comes out of the build as a header
  // (see server/security-headers.mjs), not as a <meta>, which could not carry frame-ancestors.
  adapter: node({ mode: "middleware", staticHeaders: true }),
  integrations: [react(), hydrateOnInteraction(), hydrateAfterPaint(), securityHeaders(), precompressedFiles(), scriptModuleMap()],
  // No session storage: the back office keeps its own sessions in the database.
  session: false,
  security: {
    // Off: it answers with a plain-text 403 before our endpoints run (the API must answer JSON), and
    // every state-changing admin endpoint checks the origin itself (src/server/http/same-origin.ts).
    // Cross-site form posts to the pages that take one (/contact, /survey) are refused in src/middleware.ts.
    checkOrigin: false,
    // `csp` is set by the securityHeaders() integration.
  },
  vite: {
    plugins: [tailwindcss()],
    // Scripts ship as files, cached across pages, instead of inline in every page: the HTML of a
    // long article then fits a phone's first round trip (see README, Speed). One exception: the
    // few hundred bytes that start the site's script file after the first paint
    // (SiteScripts.astro), which would otherwise be a request before it (issue 32). Astro asks
    // this for each script chunk by its file name; Vite asks it for assets, which stay files.
    build: { assetsInlineLimit: (file) => /(^|\/)SiteScripts\.astro_astro_type_script_/.test(file) },
    ssr: { external: ["better-sqlite3", "pg", "pdfkit"] },
  },
  // Articles are rendered with marked (src/content/blog-posts.ts); Shiki's inline styles would need 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  prefetch: false,
});
