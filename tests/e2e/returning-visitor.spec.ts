import { expect, type Page, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { waitForHydration } from "./helpers";

/**
 * A visitor who comes back gets the page from the browser's HTTP cache, revalidated with a
 * 304, and the browser merges the 304's headers into the cached answer: a 304 with another
 * policy than its 200 refuses the page's inline island code on every second visit.
 *
 * This test must not intercept requests (page.route and context.route turn the HTTP cache
 * off), so it uses Playwright's own `test`, without the network guard of ./fixtures: other
 * hosts (the stock photos) are kept away by the browser's resolver instead. It checks that
 * the second visit really was answered 304, so it can fail.
 */
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] } });

/** Each kind of page, and what its islands do when used. Prerendered pages are revalidated. */
const PAGES: { path: string; prerendered: boolean; use: (page: Page) => Promise<void> }[] = [
  {
    path: "/",
    prerendered: true,
    use: async (page) => {
      // Native <details>: no island, but its turn is styled by the page's policy-covered CSS.
      const card = page.getByTestId("service-card-sd-wan");
      await card.locator("summary").click();
      await expect(card.locator("details")).toHaveAttribute("open", "");
      await expect(card.getByRole("group", { name: "SD-WAN at a glance" })).toBeVisible();
    },
  },
  {
    path: "/blog",
    prerendered: true,
    use: async (page) => {
      const group = page.getByRole("group", { name: "Filter by category" });
      const category = group.locator("button[aria-pressed]").nth(1);
      await category.click();
      await expect(category).toHaveAttribute("aria-pressed", "true");
      await expect(group.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "false");
    },
  },
  {
    path: "/greenville-voip",
    prerendered: true,
    use: async (page) => {
      const question = page.getByRole("region", { name: "Frequently Asked Questions" }).locator("details").first();
      await question.locator("summary").click();
      await expect(question).toHaveAttribute("open", "");
    },
  },
  { path: "/blog/sd-wan-vs-mpls", prerendered: true, use: async () => {} },
  {
    path: "/contact",
    prerendered: false,
    use: async (page) => {
      const send = page.getByRole("button", { name: "Send Message" });
      await waitForHydration(send);
      await send.click();
      await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
    },
  },
  {
    path: "/survey",
    prerendered: false,
    use: async (page) => {
      const submit = page.getByRole("button", { name: "Submit Survey" });
      await waitForHydration(submit);
      await submit.click();
      await expect(page.getByText("Business name is required", { exact: true })).toBeVisible();
    },
  },
  { path: "/search?q=wifi", prerendered: false, use: async () => {} },
  {
    path: "/admin/login",
    prerendered: false,
    use: async (page) => {
      const username = page.getByLabel("Username");
      await waitForHydration(username);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByText("Username is required")).toBeVisible();
    },
  },
];

// The back office's service worker (issue 29) answers the desk's navigations itself, so the page's own network events would not
// show the HTTP cache at work; it has its own tests (tests/e2e/push.spec.ts). Here the browser's HTTP cache is what is measured.
test.use({ serviceWorkers: "block" });

test("a returning visitor's pages keep working: revalidated from the HTTP cache, their islands run with no CSP violation", async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  /**
   * The status each page's document came with on the wire. Playwright reports a revalidated
   * answer with the cached 200; Chromium's own network events tell the 304 apart.
   */
  const documentStatus = new Map<string, number>();
  const documentPaths = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.requestWillBeSent", ({ requestId, request, type }) => {
    if (type !== "Document") return;
    const url = new URL(request.url);
    documentPaths.set(requestId, url.pathname + url.search);
  });
  cdp.on("Network.responseReceivedExtraInfo", ({ requestId, statusCode }) => {
    const path = documentPaths.get(requestId);
    if (path !== undefined) documentStatus.set(path, statusCode);
  });
  await cdp.send("Network.enable");

  // First visit: every page is fetched and cached.
  for (const { path } of PAGES) {
    await page.goto(path);
    expect(documentStatus.get(path), `first visit to ${path}`).toBe(200);
  }

  // Second visit, in the same context: prerendered pages come back as 304s.
  for (const { path, prerendered, use } of PAGES) {
    documentStatus.delete(path);
    await page.goto(path);
    expect(documentStatus.get(path), `second visit to ${path}`).toBe(prerendered ? 304 : 200);
    await use(page);
  }
  expect(violations).toEqual([]);
});
