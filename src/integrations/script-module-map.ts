import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** Where the map goes: beside the client build, not in it (it is not served). */
export const SCRIPT_MODULE_MAP_FILE = "script-modules.json";

/** For each browser script of the build, the modules bundled in it and their minified length. */
export type ScriptModuleMap = Record<string, Record<string, number>>;

/**
 * Writes dist/script-modules.json at build: which modules (React, the form library, zod, our
 * own files…) make up each browser script, with the minified length of each. `npm run
 * bench:script-bytes` splits each script's compressed bytes by that, to say what a page's
 * script is made of (issue 32). A Vite plugin in Rollup's `generateBundle` hook, added through
 * Astro's documented `updateConfig`; the build output itself is left as it is.
 */
export function scriptModuleMap(): AstroIntegration {
  const map: ScriptModuleMap = {};
  let outDir: URL | undefined;
  return {
    name: "script-module-map",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: "script-module-map",
                applyToEnvironment: (environment) => environment.name === "client",
                generateBundle(_options, bundle) {
                  for (const output of Object.values(bundle)) {
                    if (output.type !== "chunk") continue;
                    map[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [id, info.renderedLength]));
                  }
                },
              },
            ],
          },
        });
      },
      "astro:config:done": ({ config }) => {
        outDir = config.outDir;
      },
      "astro:build:done": async () => {
        if (outDir) await writeFile(fileURLToPath(new URL(SCRIPT_MODULE_MAP_FILE, outDir)), JSON.stringify(map));
      },
    },
  };
}
