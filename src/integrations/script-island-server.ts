import type { NamedSSRLoadedRendererValue } from "astro";
import { isScriptIsland } from "./script-island";

/** A script island has no markup: only its directive and its code's address go into the page. */
const renderer: NamedSSRLoadedRendererValue = {
  name: "script-islands",
  check: async (component) => isScriptIsland(component),
  renderToStaticMarkup: async () => ({ html: "" }),
};

export default renderer;
