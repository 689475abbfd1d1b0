import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, PRODUCTION_SERVER_ENTRY, startProductionServer, type RunningServer } from "../support/production-server";
import { expect, test } from "./fixtures";

/**
 * The owner's account in the back office: the password, the signed-in browsers, the
 * first-run setup link, and the start-up check of ADMIN_PASSWORD. Each test runs its own
 * server: a changed password is stored and would outlive the test on the shared one.
 */

const USERNAME = "admin";
const PASSWORD = "account-spec-password-123";
const NEW_PASSWORD = "a new and longer passphrase";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

let dataDir: string;
let server: RunningServer | undefined;

test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-account-"));
});

test.afterEach(async ({ context }) => {
  // The browser first: its keep-alive connections would hold the draining server open.
  await context.close();
  await server?.stop();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  const port = await freePort();
  return startProductionServer(
    {
      DATABASE_PATH: path.join(dataDir, "site.db"),
      DATABASE_URL: undefined,
      ADMIN_USERNAME: USERNAME,
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "100",
      SMTP_URL: undefined,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    { port },
  );
}

/** A page of its own browser (its own cookies), waiting for the back office to hydrate as the fixture does. */
async function openBrowser(browser: Browser, options: { userAgent?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page };
}

async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('astro-island[client="load"][ssr]'));
}

async function logInThroughTheForm(page: Page, baseUrl: string, password: string): Promise<void> {
  await goto(page, `${baseUrl}/admin/login`);
  await page.getByLabel("Username").fill(USERNAME);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
}

async function loginStatus(baseUrl: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password }),
  });
  return response.status;
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`).join("\n");
  expect(violations.length, `${label}: axe violations\n${report}`).toBe(0);
}

const sessionRows = (page: Page) => page.getByTestId("session-row");

test.describe("the account page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("lists the signed-in browsers, and ending another one signs that browser out", async ({ page, browser }) => {
    server = await startServer({});
    const url = server.url;
    const other = await openBrowser(browser, { userAgent: FIREFOX_ON_LINUX });
    try {
      await logInThroughTheForm(other.page, url, PASSWORD);
      await logInThroughTheForm(page, url, PASSWORD);

      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page).toHaveTitle(/^Account/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
      await expect(sessionRows(page)).toHaveCount(2);
      const mine = sessionRows(page).filter({ hasText: "This browser" });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText("Chrom");
      await expect(mine.getByRole("button", { name: /End session/ })).toHaveCount(0);
      const firefox = sessionRows(page).filter({ hasText: "Firefox 133 on Linux" });
      await expect(firefox).toContainText("127.0.0.1");
      await expect(firefox).toContainText("Last active");
      await expectNoAxeViolations(page, "/admin/account");

      await firefox.getByRole("button", { name: /^End session/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Session ended" })).toBeVisible();
      await expect(sessionRows(page)).toHaveCount(1);

      // The other browser is signed out: its next screen is the login page.
      await goto(other.page, `${url}/admin/surveys`);
      await expect(other.page).toHaveURL(/\/admin\/login$/);
      expect((await other.page.request.get(`${url}/api/admin/check-auth`)).status()).toBe(401);
      // This one is not.
      expect((await page.request.get(`${url}/api/admin/check-auth`)).status()).toBe(200);
    } finally {
      await other.context.close();
    }
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px, "Sign out everywhere else" signs every other browser out, and this one stays signed in and known`, async ({ page, browser }) => {
      await page.setViewportSize({ width, height: 800 });
      // The limits as deployed: a browser whose device cookie was retired must wait like any unknown one.
      server = await startServer({ RATE_LIMIT_MULTIPLIER: "1" });
      const url = server.url;
      const other = await openBrowser(browser, { userAgent: FIREFOX_ON_LINUX });
      try {
        await logInThroughTheForm(other.page, url, PASSWORD);
        await logInThroughTheForm(page, url, PASSWORD);
        await goto(page, `${url}/admin/account`);
        await expect(sessionRows(page)).toHaveCount(2);
        const button = page.getByRole("button", { name: "Sign out everywhere else" });
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await button.click();
        await expect(page.getByRole("status").filter({ hasText: "Signed out everywhere else" })).toBeVisible();
        await expect(sessionRows(page)).toHaveCount(1);
        await expect(sessionRows(page)).toContainText("This browser");

        await goto(other.page, `${url}/admin/surveys`);
        await expect(other.page).toHaveURL(/\/admin\/login$/);
        // Unknown browsers have used their free attempts for the username: now only a known browser signs in at once.
        for (let attempt = 0; attempt < 5; attempt += 1) expect(await loginStatus(url, `not the password ${attempt}`)).toBe(401);
        // The other browser's device cookie was retired: it waits like any unknown browser, and the cookie is gone.
        await goto(other.page, `${url}/admin/login`);
        await other.page.getByLabel("Username").fill(USERNAME);
        await other.page.getByLabel("Password").fill(PASSWORD);
        await other.page.getByRole("button", { name: "Log In" }).click();
        await expect(other.page.locator('[data-variant="destructive"]')).toContainText(/Too many login attempts\. Please try again in/);
        expect((await other.context.cookies()).map((cookie) => cookie.name)).not.toContain("sr_admin_device");

        // This browser stays signed in, and is still a known one: it signs out and in again at once.
        await goto(page, `${url}/admin/contacts`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
        // Below 640 px, Log out sits behind the tab bar's More.
        if (width < 640) await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "More" }).click();
        await page.getByRole("button", { name: "Log out" }).click();
        await expect(page).toHaveURL(/\/admin\/login$/);
        await logInThroughTheForm(page, url, PASSWORD);
      } finally {
        await other.context.close();
      }
    });
  }

  test("changing the password needs the current one, ends the other sessions, and the old password stops working", async ({ page, browser }) => {
    server = await startServer({});
    const url = server.url;
    const other = await openBrowser(browser, { userAgent: FIREFOX_ON_LINUX });
    try {
      await logInThroughTheForm(other.page, url, PASSWORD);
      await logInThroughTheForm(page, url, PASSWORD);
      await goto(page, `${url}/admin/account`);
      await expect(sessionRows(page)).toHaveCount(2);

      const form = page.getByRole("form", { name: "Change password" });
      // Checked in the browser first: too short, then not confirmed.
      await form.getByLabel("Current password").fill(PASSWORD);
      await form.getByLabel("New password", { exact: true }).fill("too short");
      await form.getByLabel("Confirm new password").fill("something else");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("Use at least 12 characters")).toBeVisible();
      await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("The two passwords do not match")).toBeVisible();

      // A common password: refused by the server, with the message on the field.
      await form.getByLabel("New password", { exact: true }).fill("Qwerty123456");
      await form.getByLabel("Confirm new password").fill("Qwerty123456");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("This password is on a list of common passwords that attackers try first. Choose another.")).toBeVisible();
      await expect(form.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);

      // A wrong current password: a message on that field, and nothing changes.
      await form.getByLabel("Current password").fill("not the current password");
      await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("Your current password is not correct.")).toBeVisible();
      await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
      expect(await loginStatus(url, PASSWORD)).toBe(200);

      await form.getByLabel("Current password").fill(PASSWORD);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
      await expect(form.getByLabel("Current password")).toHaveValue("");
      await expect(sessionRows(page)).toHaveCount(1);
      await expect(sessionRows(page)).toContainText("This browser");

      // This browser stays signed in; the other one is out; only the new password opens.
      await goto(page, `${url}/admin/contacts`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
      await goto(other.page, `${url}/admin/surveys`);
      await expect(other.page).toHaveURL(/\/admin\/login$/);
      expect(await loginStatus(url, PASSWORD)).toBe(401);
      await logInThroughTheForm(other.page, url, NEW_PASSWORD);
    } finally {
      await other.context.close();
    }
  });
});

test.describe("the first-run setup link", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a server started without a password prints a link that sets the password once, then says it was used", async ({ page }) => {
    server = await startServer({ ADMIN_PASSWORD: undefined });
    const running = server;
    await expect.poll(() => running.output(), { timeout: 20_000, message: "the setup link in the server log" }).toMatch(/\/admin\/setup#/);
    const link = /\[admin\] Choose it within 24 hours, once, at: (\S+)/.exec(running.output())?.[1] ?? "";
    expect(link.startsWith(`${running.url}/admin/setup#`)).toBe(true);
    expect(running.output()).not.toMatch(/password: /);
    expect(await loginStatus(running.url, PASSWORD)).toBe(401);

    await goto(page, link);
    await expect(page).toHaveTitle(/^Choose the Admin Password/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose the admin password");
    await expectNoAxeViolations(page, "/admin/setup");
    const form = page.getByRole("form", { name: "Choose the admin password" });
    await form.getByLabel("New password", { exact: true }).fill("short");
    await form.getByLabel("Confirm new password").fill("short");
    await form.getByRole("button", { name: "Save password and sign in" }).click();
    await expect(form.getByText("Use at least 12 characters")).toBeVisible();
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Save password and sign in" }).click();

    await expect(page).toHaveURL(/\/admin\/surveys$/);
    await expect(page.getByRole("status").filter({ hasText: "Password saved" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");
    expect(await loginStatus(running.url, NEW_PASSWORD)).toBe(200);

    // The same link again, in a fresh tab: it says it was used, and offers the login.
    const again = await page.context().newPage();
    await goto(again, link);
    const alert = again.getByRole("alert");
    await expect(alert.getByRole("heading", { level: 1 })).toHaveText("This setup link was already used");
    await expect(again.getByRole("form")).toHaveCount(0);
    await expect(alert.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/admin/login");

    // A link with a token that never existed, and one cut short.
    await goto(again, `${running.url}/admin/setup#${"A".repeat(43)}`);
    await expect(again.getByRole("heading", { level: 1 })).toHaveText("This setup link is not valid");
    await goto(again, `${running.url}/admin/setup#abc`);
    await expect(again.getByRole("heading", { level: 1 })).toHaveText("This setup link is incomplete");
  });
});

/** Admin settings too short to keep, or half a key pair: the server refuses to start with them. */
const REFUSED_SETTINGS = [
  {
    name: "ADMIN_PASSWORD shorter than 12 characters",
    env: { ADMIN_PASSWORD: "elevenchars" },
    line: "[admin] ADMIN_PASSWORD must be at least 12 characters long; the server will not start with a shorter one.",
  },
  {
    name: "DEVICE_COOKIE_SECRET shorter than 32 characters",
    env: { ADMIN_PASSWORD: "long-enough-password-123", DEVICE_COOKIE_SECRET: "too short" },
    line: "[admin] DEVICE_COOKIE_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 32`); the server will not start with a shorter one.",
  },
  {
    name: "VAPID_PUBLIC_KEY without VAPID_PRIVATE_KEY",
    env: { ADMIN_PASSWORD: "long-enough-password-123", VAPID_PUBLIC_KEY: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", VAPID_PRIVATE_KEY: "" },
    line: "[push] Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.",
  },
] as const;

test.describe("admin settings at start", () => {
  for (const setting of REFUSED_SETTINGS) {
    test(`${setting.name}: the server prints one line naming it and the minimum, and exits 1 without listening`, async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [PRODUCTION_SERVER_ENTRY, "-p", String(port), "-H", "127.0.0.1"], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: "production",
          ASTRO_TELEMETRY_DISABLED: "1",
          DATABASE_PATH: path.join(dataDir, "site.db"),
          DATABASE_URL: "",
          ADMIN_PASSWORD_HASH: "",
          ...setting.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));

      expect(code).toBe(1);
      expect(stderr.trim()).toBe(setting.line);
      expect(stdout).not.toContain("listening");
      const connected = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.destroy();
          resolve(true);
        });
        socket.once("error", () => resolve(false));
      });
      expect(connected).toBe(false);
    });
  }
});
