import type { ClientDirective } from "astro";
// Relative, not "@/": Astro bundles a directive with esbuild, outside Vite's aliases.
import { afterFirstContentfulPaint } from "../lib/after-first-paint";

/** `client:painted`: hydrates the island right after the page's first contentful paint. */
const paintedDirective: ClientDirective = async (load) => {
  await afterFirstContentfulPaint();
  const hydrate = await load();
  await hydrate();
};

export default paintedDirective;
