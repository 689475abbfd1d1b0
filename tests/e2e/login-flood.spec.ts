import type { Page } from "@playwright/test";
import { type RunningServer, startOwnerServer } from "../support/production-server";
import { expect, test } from "./fixtures";

/**
 * A login flood cannot starve the site: 100 simultaneous wrong logins with random
 * usernames from 20 addresses (behind one trusted proxy, as X-Forwarded-For says) get at
 * most 30 password checks, a prerendered page still answers within 500 ms while they are
 * being checked, and the owner's known browser signs in meanwhile. On a server of its own
 * with the limits as deployed (RATE_LIMIT_MULTIPLIER=1), over loopback only; the flood is
 * 100 requests and ends by itself.
 */

const ADMIN = { username: "admin", password: "login-flood-password-123" };
const FLOOD_SIZE = 100;
const FLOOD_ADDRESSES = 20;
const PAGE_BUDGET_MS = 500;

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  // The form works only once its island has hydrated (a page of a new context has no fixture to wait for it).
  await page.waitForFunction(() => !document.querySelector('astro-island[client="load"][ssr]'));
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log In" }).click();
}

test.describe("a login flood", () => {
  test.describe.configure({ mode: "default", timeout: 120_000 });

  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startOwnerServer("login-flood-", ADMIN, {
      RATE_LIMIT_MULTIPLIER: "1",
      TRUST_PROXY_HOPS: "1",
      SITE_URL: undefined,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("gets at most 30 password checks; a page answers within 500 ms meanwhile, and the owner's known browser signs in", async ({ page, browser }) => {
    const baseUrl = server!.url;
    // The owner's browser becomes a known one, then signs out.
    await signIn(page, baseUrl);
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // A visitor's browser fetches the home page during the flood and times it itself. Its context has no
    // request interception (which would make each request wait for this busy test process), so it
    // opens robots.txt, a document that loads nothing from elsewhere, to fetch from.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseUrl}/robots.txt`);
    const timedPageFetch = () =>
      visitor.evaluate(async () => {
        const started = performance.now();
        const response = await fetch("/", { cache: "no-store" });
        await response.text();
        return { status: response.status, ms: performance.now() - started };
      });
    expect((await timedPageFetch()).status).toBe(200);
    // The owner has typed the password; the click comes during the flood.
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);

    let checked = 0;
    let refused = 0;
    let firstRefusal: () => void = () => undefined;
    const budgetSpent = new Promise<void>((resolve) => (firstRefusal = resolve));
    const flood = Array.from({ length: FLOOD_SIZE }, async (_, index) => {
      const response = await fetch(`${baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${1 + (index % FLOOD_ADDRESSES)}` },
        body: JSON.stringify({ username: `flood-${index}-${Math.random().toString(36).slice(2)}`, password: `guess-${index}` }),
      });
      const body = (await response.json()) as { error: string };
      if (response.status === 401) checked += 1;
      else {
        expect(response.status).toBe(503);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(body.error).toMatch(/^Too many sign-in attempts on this site right now/);
        refused += 1;
        firstRefusal();
      }
    });

    // Once the budget is spent, its password checks are queued on the server: now the site must still answer.
    await budgetSpent;
    const home = await timedPageFetch();
    const checkedWhenPageAnswered = checked;
    const ownersLogin = page.waitForResponse((response) => response.url().endsWith("/api/admin/login"));
    await page.getByRole("button", { name: "Log In" }).click();
    expect((await ownersLogin).status()).toBe(200);
    const checkedWhenOwnerSignedIn = checked;

    await Promise.all(flood);
    await visitorContext.close();
    console.log(`[login-flood] GET / ${Math.round(home.ms)} ms during the flood; ${checked} password checks, ${refused} answered 503`);
    expect(home.status).toBe(200);
    expect(home.ms, `GET / took ${Math.round(home.ms)} ms during the flood`).toBeLessThan(PAGE_BUDGET_MS);
    expect(checked + refused).toBe(FLOOD_SIZE);
    expect(checked).toBeLessThanOrEqual(30);
    // Neither the page nor the owner waited for the flood's password checks to finish.
    expect(checkedWhenPageAnswered).toBeLessThan(checked);
    expect(checkedWhenOwnerSignedIn).toBeLessThan(checked);
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");

    // A browser that never signed in is told the site is busy, and when to try again, until the minute is over.
    const strangerContext = await browser.newContext();
    await strangerContext.route((url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost", (route) => route.abort("internetdisconnected"));
    const stranger = await strangerContext.newPage();
    await signIn(stranger, baseUrl);
    await expect(stranger.locator('[data-variant="destructive"]')).toContainText("Too many sign-in attempts on this site right now. Please try again in a minute.");
    await expect(stranger).toHaveURL(/\/admin\/login$/);
    await strangerContext.close();
  });
});
