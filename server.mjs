#!/usr/bin/env node
/**
 * The production server (`npm start`): Next.js's own request handler, the same one
 * `next start` runs (router, proxy, instrumentation, compression, caching), behind
 * a plain Node HTTP server that adds two things:
 *
 * - Prerendered pages are answered from memory once Next has answered them once
 *   (production-server/page-cache.mjs says which requests qualify and why).
 * - Pages rendered per request get the same "paint first, then hydrate" rewrite that
 *   `npm run build` applies to every prerendered page (scripts/defer-hydration.mjs
 *   explains why). Only browser navigations to public pages that are not prerendered
 *   are touched (the contact form, the survey, search results): their answer is
 *   buffered, rewritten and gzip-compressed here.
 *
 * Everything else (the back office, a working tool for the owner, hydrated at once;
 * build assets; the JSON API; React Server Component requests) goes to Next.js untouched.
 *
 * Usage: node server.mjs [-p PORT] [-H HOSTNAME]   (PORT defaults to $PORT, then 3000)
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { staticPrerenderedPaths } from "./production-server/page-cache.mjs";
import { createRequestListener } from "./production-server/request-listener.mjs";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const { default: next } = await import("next");

const dir = path.dirname(fileURLToPath(import.meta.url));
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

function argument(short, long) {
  const index = process.argv.findIndex((value) => value === short || value === long);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const port = Number(argument("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = argument("-H", "--hostname");
const app = next({ dev: false, dir, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer(createRequestListener({ handle, prerendered: staticPrerenderedPaths(path.join(dir, distDir)) }));
server.on("upgrade", (request, socket, head) => {
  app.getUpgradeHandler()(request, socket, head).catch(() => socket.destroy());
});

await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, hostname, resolve);
});
const shown = hostname ?? "localhost";
console.log(`Ready on http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`);

// As `next start` does: stop accepting connections, let requests in flight finish,
// close Next, and exit with the signal's code (the SQLite WAL is checkpointed on exit).
let stopping = false;
for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      app
        .close()
        .catch((error) => console.error(error))
        .finally(() => process.exit(code));
    });
  });
}
