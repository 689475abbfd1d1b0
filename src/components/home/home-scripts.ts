import { scriptIsland } from "@/integrations/script-island";

/** The home page's own behaviour (the "DISCOVER MORE" cue), fetched after the first paint. */
export const HomeScripts = scriptIsland(async () => {
  const { startDiscoverMore } = await import("./discover-more");
  startDiscoverMore();
});
