import { scriptIsland } from "@/integrations/script-island";

/**
 * The behaviours of every public page, as one script island (SiteLayout.astro places it
 * `client:painted`): the header's menus, the lazy images and the record of where this
 * visit came from. Their code is one file, fetched after the first paint.
 */
export const SiteScripts = scriptIsland(async () => {
  await import("./site-scripts-start");
});
