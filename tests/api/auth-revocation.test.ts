import { createHmac } from "node:crypto";
import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as passwordEndpoint from "@/pages/api/admin/account/password";
import * as sessionsEndpoint from "@/pages/api/admin/account/sessions";
import * as enableEndpoint from "@/pages/api/admin/account/two-factor/enable";
import * as setupEndpoint from "@/pages/api/admin/account/two-factor/setup";
import * as checkAuthEndpoint from "@/pages/api/admin/check-auth";
import * as loginEndpoint from "@/pages/api/admin/login";
import * as secondFactorEndpoint from "@/pages/api/admin/login/second-factor";
import { TWO_FACTOR_MESSAGES } from "@/lib/validation/two-factor-schemas";
import { resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { SESSION_COOKIE } from "@/server/auth/admin-session";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "@/server/auth/device-cookie";
import { UNKNOWN_BROWSER_THROTTLE } from "@/server/auth/login-guard";
import { PENDING_LOGIN_COOKIE, startPendingLogin } from "@/server/auth/pending-login";
import { getDb } from "@/server/db/connection";
import { callEndpoint, type EndpointCall } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";

/**
 * What a changed password (or "sign out everywhere", or turning two-step verification on)
 * ends: other sessions, pending two-step logins, and, but for turning two-step on, every
 * device cookie, through the endpoints as Astro calls them, on SQLite and PostgreSQL. A
 * device cookie that no longer counts makes its browser an unknown one (never a 400), and
 * the answer clears it; a new device cookie retires the one it replaces.
 */

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase 2030";
const SECRET = "a device-cookie secret of at least 32 characters";
const ORIGIN = "http://127.0.0.1:3000";

const postLogin = callEndpoint(loginEndpoint.POST);
const postSecondFactor = callEndpoint(secondFactorEndpoint.POST);
const postPassword = callEndpoint(passwordEndpoint.POST);
const deleteSessions = callEndpoint(sessionsEndpoint.DELETE);
const postTwoFactorSetup = callEndpoint(setupEndpoint.POST);
const postTwoFactorEnable = callEndpoint(enableEndpoint.POST);
const getCheckAuth = callEndpoint(checkAuthEndpoint.GET);

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

/** One browser: its cookie jar follows every Set-Cookie of the answers it gets. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(cookies: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(cookies)) this.cookies.set(name, value);
  }

  async call(endpoint: EndpointCall, path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { "x-forwarded-for": nextAddress(), ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await endpoint(
      new Request(`${ORIGIN}${path}`, { method: options.method ?? (options.body === undefined ? "GET" : "POST"), headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
    );
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = decodeURIComponent(pair.slice(name.length + 1));
      if (/Max-Age=0(;|$)/.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  login(password: string, username = "admin"): Promise<Response> {
    return this.call(postLogin, "/api/admin/login", { body: { username, password } });
  }

  async signedIn(password = PASSWORD): Promise<this> {
    const response = await this.login(password);
    expect(response.status, await response.clone().text()).toBe(200);
    return this;
  }

  async isSignedIn(): Promise<boolean> {
    const status = (await this.call(getCheckAuth, "/api/admin/check-auth")).status;
    expect([200, 401]).toContain(status);
    return status === 200;
  }

  get device(): string | undefined {
    return this.cookies.get(DEVICE_COOKIE);
  }

  /** The same cookies in another browser: what someone who copied them would hold. */
  copy(): Browser {
    return new Browser(Object.fromEntries(this.cookies));
  }
}

/** Unknown browsers have used up the free attempts for "admin": only a known browser signs in at once now. */
async function slowDownUnknownBrowsers(): Promise<void> {
  for (let attempt = 0; attempt < UNKNOWN_BROWSER_THROTTLE.freeAttempts; attempt += 1) {
    expect((await new Browser().login("not-the-password")).status).toBe(401);
  }
}

/**
 * A login with the right password from a browser whose device cookie no longer counts:
 * treated as an unknown one (it waits, 429, no 400), and the cookie is cleared.
 */
async function expectUnknownBrowser(browser: Browser, password: string): Promise<void> {
  expect(browser.device).toBeDefined();
  const response = await browser.login(password);
  expect(response.status).toBe(429);
  expect(response.headers.getSetCookie()).toEqual([`${DEVICE_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`]);
  expect(browser.device).toBeUndefined();
}

async function pendingLoginCount(): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("admin_pending_logins").select("token_hash").execute()).length;
}

/** Turns two-step verification on from `browser`; returns the answer and the recovery codes. */
async function turnOnTwoFactor(browser: Browser): Promise<{ response: Response; recoveryCodes: string[] }> {
  const setup = await browser.call(postTwoFactorSetup, "/api/admin/account/two-factor/setup", { method: "POST" });
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const response = await browser.call(postTwoFactorEnable, "/api/admin/account/two-factor/enable", { body: { code, password: PASSWORD } });
  expect(response.status).toBe(200);
  const { recoveryCodes } = (await response.clone().json()) as { recoveryCodes: string[] };
  return { response, recoveryCodes };
}

const changePassword = (browser: Browser) =>
  browser.call(postPassword, "/api/admin/account/password", { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });

beforeEach(() => {
  process.env.ADMIN_USERNAME = "admin";
  process.env.ADMIN_PASSWORD = PASSWORD;
  process.env.DEVICE_COOKIE_SECRET = SECRET;
  delete process.env.ADMIN_PASSWORD_HASH;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.TRUST_PROXY_HOPS;
  resetAdminCredentialsCache();
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.DEVICE_COOKIE_SECRET;
});

// Each test signs in several browsers, every one a scrypt run: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describeEachEngine("ending what the old password opened", () => {
  describe("a password change", () => {
    it("ends every other session and every device cookie; this browser stays signed in with a new one that counts", async () => {
      const owner = await new Browser().signedIn();
      const other = await new Browser().signedIn();
      const ownersOldDevice = owner.copy();

      const response = await changePassword(owner);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ changed: true, endedSessions: 1 });
      expect(owner.device).not.toBe(ownersOldDevice.device);
      expect(await owner.isSignedIn()).toBe(true);
      expect(await other.isSignedIn()).toBe(false);

      await slowDownUnknownBrowsers();
      await expectUnknownBrowser(other, NEW_PASSWORD);
      await expectUnknownBrowser(ownersOldDevice, NEW_PASSWORD);
      const known = await owner.login(NEW_PASSWORD);
      expect(known.status).toBe(200);
    });

    it("ends a pending two-step login: the code no longer completes it", async () => {
      const owner = await new Browser().signedIn();
      const { recoveryCodes } = await turnOnTwoFactor(owner);
      const intruder = new Browser();
      const password = await intruder.login(PASSWORD);
      expect(await password.json()).toEqual({ secondFactorRequired: true });
      expect(intruder.cookies.has(PENDING_LOGIN_COOKIE)).toBe(true);

      expect((await changePassword(owner)).status).toBe(200);
      expect(await pendingLoginCount()).toBe(0);
      const code = await intruder.call(postSecondFactor, "/api/admin/login/second-factor", { body: { code: recoveryCodes[0] } });
      expect(code.status).toBe(401);
      expect(await code.json()).toEqual({ error: TWO_FACTOR_MESSAGES.signInAgain });
      expect(intruder.cookies.has(SESSION_COOKIE)).toBe(false);
    });
  });

  it("turning two-step verification on ends every other session and pending login, and keeps device cookies", async () => {
    const owner = await new Browser().signedIn();
    const other = await new Browser().signedIn();
    // A pending login from a time two-step verification was on before.
    await startPendingLogin();

    const { response } = await turnOnTwoFactor(owner);
    expect(await response.json()).toMatchObject({ enabled: true, endedSessions: 1 });
    expect(await pendingLoginCount()).toBe(0);
    expect(await owner.isSignedIn()).toBe(true);
    expect(await other.isSignedIn()).toBe(false);
    // Still a known browser: the right password goes straight to the code step, without waiting.
    await slowDownUnknownBrowsers();
    expect(await (await other.login(PASSWORD)).json()).toEqual({ secondFactorRequired: true });
  });

  describe("sign out everywhere (DELETE /api/admin/account/sessions)", () => {
    it("ends every other session and pending login and retires every device cookie; this browser stays signed in and known", async () => {
      const owner = await new Browser().signedIn();
      const other = await new Browser().signedIn();
      const ownersOldDevice = owner.copy();
      await startPendingLogin();

      const response = await owner.call(deleteSessions, "/api/admin/account/sessions", { method: "DELETE" });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ endedSessions: 1 });
      expect(await pendingLoginCount()).toBe(0);
      expect(await owner.isSignedIn()).toBe(true);
      expect(await other.isSignedIn()).toBe(false);

      await slowDownUnknownBrowsers();
      await expectUnknownBrowser(other, PASSWORD);
      await expectUnknownBrowser(ownersOldDevice, PASSWORD);
      expect((await owner.login(PASSWORD)).status).toBe(200);
    });

    it("refuses callers without a session (401) and other sites (403), and changes nothing", async () => {
      const owner = await new Browser().signedIn();
      const stranger = await new Browser().call(deleteSessions, "/api/admin/account/sessions", { method: "DELETE" });
      expect(stranger.status).toBe(401);
      const crossSite = await owner.call(deleteSessions, "/api/admin/account/sessions", { method: "DELETE", headers: { origin: "https://evil.example" } });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({ error: "Cross-origin requests are not allowed." });
      await slowDownUnknownBrowsers();
      expect((await owner.login(PASSWORD)).status).toBe(200);
    });
  });

  describe("device cookies", () => {
    it("a new device cookie retires the one it replaces: a copy of the old one is an unknown browser", async () => {
      const owner = await new Browser().signedIn();
      const copied = owner.copy();
      await owner.signedIn();
      expect(owner.device).not.toBe(copied.device);

      await slowDownUnknownBrowsers();
      await expectUnknownBrowser(copied, PASSWORD);
      expect((await owner.login(PASSWORD)).status).toBe(200);
    });

    it("one in the earlier format (signed, without generation or issue time) counts as unknown, is cleared, and is not refused as forged", async () => {
      const payload = `${Buffer.from("admin").toString("base64url")}.${"n".repeat(22)}`;
      const earlier = `${payload}.${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
      const browser = new Browser({ [DEVICE_COOKIE]: earlier });
      // Another username, so the slowdown of "admin" below starts from nothing.
      const wrong = await browser.login("not-the-password", "someone-else");
      expect(wrong.status).toBe(401);
      expect(wrong.headers.getSetCookie()).toEqual([`${DEVICE_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`]);
      await slowDownUnknownBrowsers();
      await expectUnknownBrowser(new Browser({ [DEVICE_COOKIE]: earlier }), PASSWORD);
    });

    it("one older than its Max-Age counts as unknown and is cleared, even if the browser kept it", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const issuedAt = Date.UTC(2030, 0, 1);
      vi.setSystemTime(issuedAt);
      const owner = await new Browser().signedIn();
      // A second before, it still counts: a wrong password is the known browser's own failure (401, nothing cleared).
      vi.setSystemTime(issuedAt + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 - 1000);
      const before = await owner.copy().login("not-the-password");
      expect(before.status).toBe(401);
      expect(before.headers.getSetCookie()).toEqual([]);
      vi.setSystemTime(issuedAt + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000);
      await slowDownUnknownBrowsers();
      await expectUnknownBrowser(owner, PASSWORD);
    });
  });
});
