import { test as base, expect, type Page } from "@playwright/test";

/**
 * The back office (`client:load`) hydrates right after the page loads; the forms and their
 * toaster (`client:painted`) right after the first paint, and every public page's script file
 * (header menus' keys, lazy images, attribution; SiteScripts.astro) starts after the first frame,
 * which on a fast local load can come after the load event. A test that drives such a page first waits for that
 * (Astro removes the island's `ssr` attribute once it has hydrated; the script file has run once
 * its lazy-image element is defined, in the same task as the rest of it), as a visitor's first click
 * usually does; what a page does before it (native menus, a plain post, as without JavaScript) has tests of its own.
 */
export async function waitForLoadIslands(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('astro-island[client="load"][ssr], astro-island[client="painted"][ssr]') &&
      (!document.getElementById("site-scripts") || customElements.get("lazy-image") !== undefined),
  );
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
        if (waitUntil !== "commit" && response?.headers()["content-type"]?.includes("text/html")) await waitForLoadIslands(page);
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
