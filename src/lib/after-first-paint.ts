/**
 * Resolves once the page has painted its first content, so nothing the first paint does
 * not need is fetched before it (issue 32). Browsers without paint timing (or a page
 * loaded in a background tab, which paints nothing) fall back to the load event.
 *
 * Shared by the `client:painted` directive (bundled on its own by Astro) and the site
 * scripts' starter (SiteScripts.astro), which is inline in every public page and so counts
 * in the first round trip: it imports nothing and stays short. Resolving twice is harmless.
 */
export function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const paintTiming = PerformanceObserver.supportedEntryTypes?.includes("paint");
    if (paintTiming) {
      // `buffered` also delivers a paint that happened before this ran.
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    }
    const onLoad = () => {
      if (!paintTiming || document.visibilityState === "hidden") resolve();
    };
    if (document.readyState === "complete") onLoad();
    else addEventListener("load", onLoad, { once: true });
  });
}
