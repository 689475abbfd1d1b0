import type { BrowserContext, Page } from "@playwright/test";
import { type RunningServer, startOwnerServer } from "../support/production-server";
import { expect, test } from "./fixtures";

/**
 * Nobody can lock the owner out (OWASP's device cookies): while wrong passwords for the
 * owner's username pour in from many addresses, the browser the owner signed in with before
 * still signs in, and a browser that never did is told how long to wait. On a server of its
 * own with the limits as deployed (RATE_LIMIT_MULTIPLIER=1) behind one trusted proxy, so the
 * attack can come from many addresses (X-Forwarded-For) while the browsers connect directly.
 */

const ADMIN = { username: "admin", password: "known-browser-password-123" };
const DEVICE_COOKIE = "sr_admin_device";
const SESSION_COOKIE = "sr_admin_session";

const errorToast = (page: Page) => page.locator('[data-variant="destructive"]');

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  // The form works only once its island has hydrated (a page of a new context has no fixture to wait for it).
  await page.waitForFunction(() => !document.querySelector('astro-island[client="load"][ssr]'));
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log In" }).click();
}

/** Requests that leave 127.0.0.1 fail fast, as the fixtures do for the default context. */
async function guardNetwork(context: BrowserContext): Promise<void> {
  await context.route((url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost", (route) => route.abort("internetdisconnected"));
}

test.describe("the owner's known browser during an attack on the login", () => {
  test.describe.configure({ mode: "default", timeout: 90_000 });

  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startOwnerServer("known-browser-", ADMIN, {
      RATE_LIMIT_MULTIPLIER: "1",
      TRUST_PROXY_HOPS: "1",
      SITE_URL: undefined,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  // First: the attack in the next test makes unknown browsers wait.
  test("a browser with a forged device cookie is told so, the cookie is removed, and the next login goes through", async ({ page }) => {
    const baseUrl = server!.url;
    const { hostname } = new URL(baseUrl);
    await page.context().addCookies([{ name: DEVICE_COOKIE, value: "YWRtaW4.forged-nonce.forged-signature", domain: hostname, path: "/", httpOnly: true, sameSite: "Strict" }]);
    await signIn(page, baseUrl);
    await expect(errorToast(page)).toContainText("This browser's sign-in record is not valid, so it has been removed. Please log in again.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(DEVICE_COOKIE);

    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    const device = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{11}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  test("the owner signs out and in again from the same browser during the attack; a fresh browser is told to wait", async ({ page, browser }) => {
    const baseUrl = server!.url;
    await signIn(page, baseUrl);
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    const device = (await page.context().cookies()).find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    // Kept for about a year, not for the session.
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);

    // The attack: wrong passwords for the owner's username from 30 addresses.
    const attack = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const response = await fetch(`${baseUrl}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${index + 1}` },
          body: JSON.stringify({ username: ADMIN.username, password: `guess-${index}` }),
        });
        await response.text();
        return response.status;
      }),
    );
    expect(attack.filter((status) => status === 401)).toHaveLength(5);
    expect(attack.filter((status) => status === 429)).toHaveLength(25);

    // The owner signs out and in again from the same browser.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, baseUrl);
    await expect(page.getByRole("status").filter({ hasText: "Login Successful" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");

    // A browser that has never signed in, with the right password, is told how long to wait.
    const fresh = await browser.newContext();
    try {
      await guardNetwork(fresh);
      const stranger = await fresh.newPage();
      await signIn(stranger, baseUrl);
      await expect(errorToast(stranger)).toContainText("Login Failed");
      await expect(errorToast(stranger)).toContainText(/Too many login attempts\. Please try again in (1 minute|[1-5]?\d seconds?)\./);
      await expect(stranger).toHaveURL(/\/admin\/login$/);
      expect((await fresh.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
    } finally {
      await fresh.close();
    }
  });
});
