import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * Script islands: a page behaviour with no framework (the header's menus, the lazy images,
 * the attribution record), placed as an island so that a client directive decides when
 * its code is fetched. A processed `<script>` is always a module script in <head>, fetched
 * beside the stylesheet and the font before the first paint; as `<SiteScripts client:painted />`
 * it is fetched after it. Registered with Astro's documented renderer API (`addRenderer`):
 * the server renders nothing, the client calls the island's `start` function.
 */
export function scriptIslands(): AstroIntegration {
  return {
    name: "script-islands",
    hooks: {
      "astro:config:setup": ({ addRenderer }) => {
        addRenderer({
          name: "script-islands",
          serverEntrypoint: fileURLToPath(new URL("./script-island-server.ts", import.meta.url)),
          clientEntrypoint: fileURLToPath(new URL("./script-island-client.ts", import.meta.url)),
        });
      },
    },
  };
}
