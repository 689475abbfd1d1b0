import { isScriptIsland } from "./script-island";

/**
 * Hydrating a script island is starting its behaviour, once, on the whole document: the
 * first paint can come before the parser has reached the end of the page.
 */
export default () => async (component: unknown) => {
  if (!isScriptIsland(component)) return;
  if (document.readyState === "loading") await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  await component.start();
};
