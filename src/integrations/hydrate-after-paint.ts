import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * `client:painted`: an island whose code is fetched only once the page has painted its
 * first content (the forms and their toaster). `client:idle` and
 * `client:load` start fetching while the stylesheet and the font are still on their way,
 * which on a slow link delays the first paint (issue 32). Registered through Astro's
 * documented custom client directive API.
 */
export function hydrateAfterPaint(): AstroIntegration {
  return {
    name: "hydrate-after-paint",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "painted",
          // esbuild bundles the directive: it wants a file path, not a file: URL.
          entrypoint: fileURLToPath(new URL("./painted-directive.ts", import.meta.url)),
        });
      },
    },
  };
}
