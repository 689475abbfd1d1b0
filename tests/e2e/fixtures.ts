import { test as base, expect, type Page } from "@playwright/test";

/**
 * Public pages hydrate once they have painted (scripts/defer-hydration.mjs), which can
 * be a moment after the load event `page.goto` waits for. Tests that drive the
 * interactive page first wait for hydration, as a visitor's first click usually
 * does; what the page does before that (without JavaScript) has tests of its own.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const deferred = document.querySelector("script[data-deferred-hydration]");
    return !deferred || Boolean((window as Window & { next?: { version?: string } }).next?.version);
  });
}

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
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      // Only for navigations that waited for the page itself; "commit" means the test wants the raw moment.
      const settled = async (response: Awaited<ReturnType<Page["goto"]>>, waitUntil: string | undefined) => {
        if (waitUntil !== "commit" && response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
        return response;
      };
      page.goto = async (url, options) => settled(await goto(url, options), options?.waitUntil);
      page.reload = async (options) => settled(await reload(options), options?.waitUntil);
    }
    await provide(page);
  },
});

export { expect };

export { PUBLIC_PAGES } from "../support/public-pages";
