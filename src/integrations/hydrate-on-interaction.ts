import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * `client:interaction`: an island that is in view at load but needs no script until the
 * visitor reaches for it (the blog filter). It hydrates on the first pointer, focus, touch
 * or key event inside it, so the page loads no framework code before then. Registered
 * through Astro's documented custom client directive API.
 */
export function hydrateOnInteraction(): AstroIntegration {
  return {
    name: "hydrate-on-interaction",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "interaction",
          // esbuild bundles the directive: it wants a file path, not a file: URL.
          entrypoint: fileURLToPath(new URL("./interaction-directive.ts", import.meta.url)),
        });
      },
    },
  };
}
