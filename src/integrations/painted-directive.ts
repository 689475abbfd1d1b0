import type { ClientDirective } from "astro";

/**
 * Resolves once the page has painted its first content, so nothing the first paint does
 * not need is fetched before it (issue 32). Browsers without paint timing (or a page
 * loaded in a background tab, which paints nothing) fall back to the load event.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName("first-contentful-paint").length > 0) return resolve();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      window.removeEventListener("load", onLoad);
      resolve();
    };
    const onLoad = () => {
      if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) finish();
    };
    let observer: PerformanceObserver | undefined;
    if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length > 0) finish();
      });
      observer.observe({ type: "paint", buffered: true });
    }
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad);
  });
}

/** `client:painted`: hydrates the island right after the page's first contentful paint. */
const paintedDirective: ClientDirective = async (load) => {
  await afterFirstContentfulPaint();
  const hydrate = await load();
  await hydrate();
};

export default paintedDirective;
