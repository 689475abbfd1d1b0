import { test as base, expect } from "@playwright/test";

/**
 * Every page gets a network guard: requests that leave 127.0.0.1 are aborted, so
 * no test depends on a remote host and stock photos fail fast and deterministically
 * (exercising the lazy image's failure state).
 */
export const test = base.extend<{ networkGuard: void }>({
  networkGuard: [
    async ({ context }, use) => {
      await context.route(
        (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
        (route) => route.abort("internetdisconnected"),
      );
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/** The public pages of the spec, plus the legal pages and the HTML sitemap. */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/managed-internet",
  "/services/starlink",
  "/industries",
  "/case-studies",
  "/about",
  "/blog",
  "/blog/sd-wan-vs-mpls",
  "/blog/starlink-for-business",
  "/blog/wifi-outdoor-event",
  "/greenville-voip",
  "/privacy",
  "/terms",
  "/sitemap",
] as const;
