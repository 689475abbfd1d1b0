import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { AstroIntegration } from "astro";

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".mjs", ".svg", ".xml", ".txt", ".json", ".webmanifest"]);
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) copy beside every text file of the
 * client build; the production server's static handler (sirv, `brotli`/`gzip` options)
 * sends them as they are, and compresses on the fly only what is rendered on demand.
 *
 * Why at build: the strongest settings are too slow per request, and they matter. Brotli 11
 * makes a long article 20 % smaller than the on-the-fly default, which is what lets its HTML
 * arrive in a phone's first TCP round trip (docs/performance.md). `astro:build:done` is Astro's
 * documented hook for post-processing the output.
 */
export function precompressedFiles(): AstroIntegration {
  let clientDir: string | undefined;
  return {
    name: "precompressed-files",
    hooks: {
      "astro:config:done": ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      "astro:build:done": async ({ logger }) => {
        if (!clientDir) return;
        let count = 0;
        let before = 0;
        let after = 0;
        for await (const file of filesUnder(clientDir)) {
          if (!COMPRESSIBLE.has(path.extname(file))) continue;
          if ((await stat(file)).size < MIN_BYTES) continue;
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          count += 1;
          before += body.length;
          after += br.length;
        }
        logger.info(`${count} files precompressed (brotli: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB)`);
      },
    },
  };
}
