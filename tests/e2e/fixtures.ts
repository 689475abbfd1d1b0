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

export { PUBLIC_PAGES } from "../support/public-pages";
