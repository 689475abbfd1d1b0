import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as passwordEndpoint from "@/pages/api/admin/account/password";
import * as sessionsEndpoint from "@/pages/api/admin/account/sessions";
import * as sessionEndpoint from "@/pages/api/admin/account/sessions/[id]";
import * as checkAuthEndpoint from "@/pages/api/admin/check-auth";
import * as loginEndpoint from "@/pages/api/admin/login";
import * as logoutEndpoint from "@/pages/api/admin/logout";
import * as setupEndpoint from "@/pages/api/admin/setup";
import * as setupCheckEndpoint from "@/pages/api/admin/setup/check";
import { setupLinkMessages } from "@/lib/admin-setup-link";
import { WRONG_CURRENT_PASSWORD } from "@/lib/admin-account";
import { NEW_PASSWORD_MESSAGES } from "@/lib/validation/new-password";
import { MALFORMED_SETUP_LINK } from "@/lib/validation/admin-setup-schema";
import { SAME_PASSWORD_MESSAGE } from "@/lib/validation/change-password-schema";
import { PASSWORD_CHANGE_LIMIT } from "@/server/admin/account-routes";
import {
  adminPasswordSettingsProblem,
  getAdminCredentials,
  LEGACY_GENERATED_PASSWORD_SETTING,
  OWNER_PASSWORD_SETTING,
  resetAdminCredentialsCache,
} from "@/server/auth/admin-credentials";
import { SESSION_COOKIE, SESSION_IDLE_TTL_MS } from "@/server/auth/admin-session";
import { deviceCookieSettingsProblem } from "@/server/auth/device-cookie";
import { announceSetupLinkIfNeeded, createSetupLink, SETUP_LINK_TTL_MS } from "@/server/auth/admin-setup";
import { hashPassword } from "@/server/auth/password-hash";
import { getDb } from "@/server/db/connection";
import { getSetting, setSetting } from "@/server/settings/settings";
import { callEndpoint, jsonRequest } from "../support/api-request";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase 2030";
const ORIGIN = "http://127.0.0.1:3000";
const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";


const postPassword = callEndpoint(passwordEndpoint.POST);
const otherPasswordMethods = callEndpoint(passwordEndpoint.ALL);
const getSessions = callEndpoint(sessionsEndpoint.GET);
const deleteSession = callEndpoint(sessionEndpoint.DELETE);
const getCheckAuth = callEndpoint(checkAuthEndpoint.GET);
const postLogin = callEndpoint(loginEndpoint.POST);
const postLogout = callEndpoint(logoutEndpoint.POST);
const postSetup = callEndpoint(setupEndpoint.POST);
const postSetupCheck = callEndpoint(setupCheckEndpoint.POST);

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

/** A request with a session cookie under `cookieName` (the bare name over plain HTTP). */
function adminRequest(
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; cookieName?: string; url?: string } = {},
): Request {
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.60", ...options.headers };
  if (options.token !== undefined) headers.cookie = `theme=dark; ${options.cookieName ?? SESSION_COOKIE}=${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return new Request(options.url ?? `${ORIGIN}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

function cookieToken(response: Response, name = SESSION_COOKIE): string {
  const cookie = response.headers.get("set-cookie") ?? "";
  const match = new RegExp(`^${name}=([^;]*)`).exec(cookie);
  if (!match?.[1]) throw new Error(`no ${name} cookie in: ${cookie}`);
  return decodeURIComponent(match[1]);
}

function login(password: string, options: { userAgent?: string; address?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers = { ...(options.userAgent ? { "user-agent": options.userAgent } : {}), ...options.headers };
  return postLogin(jsonRequest("/api/admin/login", { username: "admin", password }, { address: options.address ?? nextAddress(), headers }));
}

async function logIn(options: { userAgent?: string; address?: string } = {}, password = PASSWORD): Promise<string> {
  const response = await login(password, options);
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieToken(response);
}

async function checkAuth(token: string): Promise<number> {
  return (await getCheckAuth(adminRequest("/api/admin/check-auth", { token }))).status;
}

function changePassword(token: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return postPassword(adminRequest("/api/admin/account/password", { method: "POST", token, body, headers }));
}

type ListedSession = { id: string; current: boolean; browser: string; os: string; address: string | null; createdAt: string; lastSeenAt: string };

async function listSessions(token: string): Promise<ListedSession[]> {
  const response = await getSessions(adminRequest("/api/admin/account/sessions", { token }));
  expect(response.status).toBe(200);
  return (await response.json()) as ListedSession[];
}

function endSession(token: string, id: string, headers: Record<string, string> = {}): Promise<Response> {
  return deleteSession(adminRequest(`/api/admin/account/sessions/${id}`, { method: "DELETE", token, headers }), { id });
}

const checkLink = (token: unknown) => postSetupCheck(jsonRequest("/api/admin/setup/check", { token }));
const useLink = (body: unknown, headers: Record<string, string> = {}) => postSetup(jsonRequest("/api/admin/setup", body, { address: nextAddress(), headers }));
const tokenOf = (url: string) => new URL(url).hash.slice(1);

/** Prints the start-up link as the server does, and returns the token the log shows. */
async function announcedToken(): Promise<string> {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    await announceSetupLinkIfNeeded();
    const printed = log.mock.calls.map((args) => args.join(" ")).join("\n");
    const match = /at: (\S+\/admin\/setup#[A-Za-z0-9_-]{43})\n/.exec(printed);
    if (!match?.[1]) throw new Error(`no setup link in the log:\n${printed}`);
    return tokenOf(match[1]);
  } finally {
    log.mockRestore();
  }
}

function withoutAnyPassword(): void {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.ADMIN_PASSWORD_HASH;
  resetAdminCredentialsCache();
}

beforeEach(() => {
  process.env.ADMIN_USERNAME = "admin";
  process.env.ADMIN_PASSWORD = PASSWORD;
  delete process.env.ADMIN_PASSWORD_HASH;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.TRUST_PROXY_HOPS;
  delete process.env.SITE_URL;
  resetAdminCredentialsCache();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("admin settings checked at start", () => {
  it("refuses an ADMIN_PASSWORD shorter than 12 characters with one line naming the variable and the minimum", () => {
    const problem = adminPasswordSettingsProblem({ ADMIN_PASSWORD: "elevenchars" });
    expect(problem).toBe("[admin] ADMIN_PASSWORD must be at least 12 characters long; the server will not start with a shorter one.");
    expect(adminPasswordSettingsProblem({ ADMIN_PASSWORD: "twelve chars" })).toBeNull();
    expect(adminPasswordSettingsProblem({})).toBeNull();
    expect(adminPasswordSettingsProblem({ ADMIN_PASSWORD_HASH: "not-a-hash" })).toMatch(/^\[admin\] ADMIN_PASSWORD_HASH is not a hash/);
  });

  it("names a DEVICE_COOKIE_SECRET shorter than 32 characters, and accepts a long one or none", () => {
    expect(deviceCookieSettingsProblem({ DEVICE_COOKIE_SECRET: "x".repeat(31) })).toBe(
      "[admin] DEVICE_COOKIE_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 32`); the server will not start with a shorter one.",
    );
    expect(deviceCookieSettingsProblem({ DEVICE_COOKIE_SECRET: "x".repeat(32) })).toBeNull();
    expect(deviceCookieSettingsProblem({})).toBeNull();
  });
});

describeEachEngine("admin account API", () => {
  describe("POST /api/admin/account/password", () => {
    it("stores the new password, ends every other session and keeps this one; the old password stops working", async () => {
      const mine = await logIn();
      const other = await logIn();
      const third = await logIn();
      const response = await changePassword(mine, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ changed: true, endedSessions: 2 });
      expect(await checkAuth(mine)).toBe(200);
      expect(await checkAuth(other)).toBe(401);
      expect(await checkAuth(third)).toBe(401);
      expect((await login(PASSWORD)).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);
      expect((await getAdminCredentials()).source).toBe("stored");
    });

    it("the stored password wins over ADMIN_PASSWORD from then on, on another instance too", async () => {
      const mine = await logIn();
      expect((await changePassword(mine, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
      process.env.ADMIN_PASSWORD = "yet another configured password";
      resetAdminCredentialsCache();
      expect((await login("yet another configured password")).status).toBe(401);
      expect((await login(NEW_PASSWORD)).status).toBe(200);

      const second = await loadSecondInstance(() => import("@/server/admin/session-routes"));
      try {
        const answer = await second.modules.loginRoute({
          request: jsonRequest("/api/admin/login", { username: "admin", password: NEW_PASSWORD }, { address: nextAddress() }),
        });
        expect(answer.status).toBe(200);
      } finally {
        await second.close();
      }
    });

    it("answers 400 with a field message for a wrong current password, and changes nothing", async () => {
      const mine = await logIn();
      const other = await logIn();
      const response = await changePassword(mine, { currentPassword: "not my password", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: WRONG_CURRENT_PASSWORD, fields: { currentPassword: WRONG_CURRENT_PASSWORD } });
      expect(await checkAuth(other)).toBe(200);
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
      expect((await login(PASSWORD)).status).toBe(200);
      expect((await login(NEW_PASSWORD)).status).toBe(401);
    });

    it("answers 400 with field messages for a short, long, unconfirmed, mismatched or unchanged new password", async () => {
      const mine = await logIn();
      const cases: [unknown, Record<string, string>][] = [
        [{ currentPassword: PASSWORD, newPassword: "short pass", confirmPassword: "short pass" }, { newPassword: NEW_PASSWORD_MESSAGES.tooShort }],
        [{ currentPassword: PASSWORD, newPassword: "x".repeat(201), confirmPassword: "x".repeat(201) }, { newPassword: NEW_PASSWORD_MESSAGES.tooLong }],
        [{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, { confirmPassword: NEW_PASSWORD_MESSAGES.mismatch }],
        [{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { confirmPassword: NEW_PASSWORD_MESSAGES.confirmRequired }],
        [{ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, { newPassword: SAME_PASSWORD_MESSAGE }],
        [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { currentPassword: "Enter your current password" }],
      ];
      for (const [body, fields] of cases) {
        const response = await changePassword(mine, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toMatchObject({ error: "Some fields are invalid.", fields });
      }
      expect(NEW_PASSWORD_MESSAGES.tooShort).toBe("Use at least 12 characters");
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
    });

    it("refuses a new password from the list of common passwords, in any letter case, with a message on the field", async () => {
      const mine = await logIn();
      for (const common of ["qwerty123456", "Qwerty123456", "PASSWORDPASSWORD", "1qaz2wsx3edc"]) {
        const response = await changePassword(mine, { currentPassword: PASSWORD, newPassword: common, confirmPassword: common });
        expect(response.status, common).toBe(400);
        expect(await response.json()).toEqual({ error: NEW_PASSWORD_MESSAGES.common, fields: { newPassword: NEW_PASSWORD_MESSAGES.common } });
      }
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
      expect(await checkAuth(mine)).toBe(200);
    });

    it("limits wrong current passwords: past the limit 429 with Retry-After, even for the right one, and nothing changes", async () => {
      expect(PASSWORD_CHANGE_LIMIT.limit).toBe(5);
      const mine = await logIn();
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, index) => changePassword(mine, { currentPassword: `guess ${index}`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })),
      );
      const statuses = attempts.map((response) => response.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      const blocked = await changePassword(mine, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await blocked.json()).toEqual({ error: "Too many requests. Please try again later." });
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
      // Another session of the owner is counted on its own.
      const fresh = await logIn();
      expect((await changePassword(fresh, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
    });

    it("refuses without a session (401), from another site (403), other methods (405) and non-JSON bodies (415)", async () => {
      const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const anonymous = await postPassword(adminRequest("/api/admin/account/password", { method: "POST", body }));
      expect(anonymous.status).toBe(401);
      const mine = await logIn();
      const crossSite = await changePassword(mine, body, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      const get = await otherPasswordMethods(adminRequest("/api/admin/account/password", { token: mine }));
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      const text = await postPassword(
        new Request(`${ORIGIN}/api/admin/account/password`, { method: "POST", headers: { "content-type": "text/plain", cookie: `${SESSION_COOKIE}=${mine}` }, body: "x" }),
      );
      expect(text.status).toBe(415);
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
      expect((await login(PASSWORD)).status).toBe(200);
    });
  });

  describe("GET /api/admin/account/sessions and DELETE …/sessions/{id}", () => {
    it("lists every live session with browser, system, address and times, this browser first and marked", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-02-01T09:00:00Z"));
      const old = await logIn({ userAgent: FIREFOX_ON_LINUX, address: "198.51.100.201" });
      vi.setSystemTime(new Date("2030-02-01T09:30:00Z"));
      const other = await logIn({ userAgent: FIREFOX_ON_LINUX, address: "2001:db8::7" });
      vi.setSystemTime(new Date("2030-02-01T10:00:00Z"));
      const mine = await logIn({ userAgent: CHROME_ON_WINDOWS, address: "198.51.100.202" });
      expect(await checkAuth(other)).toBe(200);
      // The first session has now been idle for longer than allowed: it is not listed.
      vi.setSystemTime(new Date("2030-02-01T09:00:00Z").getTime() + SESSION_IDLE_TTL_MS + 1000);
      expect(await checkAuth(old)).toBe(401);

      const sessions = await listSessions(mine);
      expect(sessions).toEqual([
        {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          current: true,
          browser: "Chrome 131",
          os: "Windows 10",
          address: "198.51.100.202",
          createdAt: "2030-02-01T10:00:00.000Z",
          lastSeenAt: expect.any(String),
        },
        {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          current: false,
          browser: "Firefox 133",
          os: "Linux",
          address: "2001:db8::7",
          createdAt: "2030-02-01T09:30:00.000Z",
          lastSeenAt: expect.any(String),
        },
      ]);
      // The list never hands out what opens a session.
      const text = JSON.stringify(sessions);
      for (const token of [mine, other]) expect(text).not.toContain(token);
    });

    it("ends another session at once; a second DELETE is 404 JSON and malformed ids are 400", async () => {
      const mine = await logIn({ userAgent: CHROME_ON_WINDOWS });
      const other = await logIn({ userAgent: FIREFOX_ON_LINUX });
      const target = (await listSessions(mine)).find((session) => !session.current)!;
      const ended = await endSession(mine, target.id);
      expect(ended.status).toBe(200);
      expect(await ended.json()).toEqual({ id: target.id, ended: true, current: false });
      expect(ended.headers.get("set-cookie")).toBeNull();
      expect(await checkAuth(other)).toBe(401);
      expect(await checkAuth(mine)).toBe(200);
      expect((await listSessions(mine)).map((session) => session.id)).not.toContain(target.id);

      const again = await endSession(mine, target.id);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ error: "No such session: it may have ended already." });
      for (const bad of ["abc", "x".repeat(23), "a".repeat(21) + "!", "' or 1=1 --", ""]) {
        const response = await endSession(mine, bad);
        expect(response.status, bad).toBe(400);
        expect(await response.json()).toEqual({ error: "Malformed session id." });
      }
      expect(await checkAuth(mine)).toBe(200);
    });

    it("ending this browser's own session signs it out and clears its cookie", async () => {
      const mine = await logIn();
      const own = (await listSessions(mine)).find((session) => session.current)!;
      const response = await endSession(mine, own.id);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: own.id, ended: true, current: true });
      expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
      expect(await checkAuth(mine)).toBe(401);
    });

    it("refuses a cross-site DELETE (403) and callers without a session (401); the session stays", async () => {
      const mine = await logIn();
      const other = await logIn();
      const target = (await listSessions(mine)).find((session) => !session.current)!;
      expect((await endSession(mine, target.id, { origin: "https://evil.example" })).status).toBe(403);
      expect((await endSession(mine, target.id, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      const anonymous = await deleteSession(adminRequest(`/api/admin/account/sessions/${target.id}`, { method: "DELETE" }), { id: target.id });
      expect(anonymous.status).toBe(401);
      expect((await getSessions(adminRequest("/api/admin/account/sessions"))).status).toBe(401);
      expect(await checkAuth(other)).toBe(200);
    });
  });

  describe("the session cookie's name", () => {
    it("is __Host-sr_admin_session over HTTPS (also behind a proxy saying X-Forwarded-Proto: https), read and cleared under that name only", async () => {
      for (const secure of [{ headers: { "x-forwarded-proto": "https" } }, { url: "https://127.0.0.1:3000/api/admin/login" }]) {
        const request = secure.url
          ? new Request(secure.url, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
              body: JSON.stringify({ username: "admin", password: PASSWORD }),
            })
          : jsonRequest("/api/admin/login", { username: "admin", password: PASSWORD }, { address: nextAddress(), headers: secure.headers });
        const response = await postLogin(request);
        expect(response.status).toBe(200);
        const cookie = response.headers.get("set-cookie") ?? "";
        expect(cookie).toMatch(/^__Host-sr_admin_session=[A-Za-z0-9_-]{40,};/);
        const attributes = cookie.split(";").map((part) => part.trim());
        expect(attributes).toEqual(expect.arrayContaining(["Path=/", "Secure", "HttpOnly", "SameSite=Strict"]));
        expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
      }

      const token = cookieToken(await login(PASSWORD, { headers: { "x-forwarded-proto": "https" } }), "__Host-sr_admin_session");
      const overHttps = { "x-forwarded-proto": "https" };
      const hostCheck = await getCheckAuth(adminRequest("/api/admin/check-auth", { token, cookieName: "__Host-sr_admin_session", headers: overHttps }));
      expect(hostCheck.status).toBe(200);
      // Over HTTPS a cookie under the bare name (one a subdomain could plant) is not read.
      const bareOverHttps = await getCheckAuth(adminRequest("/api/admin/check-auth", { token, headers: overHttps }));
      expect(bareOverHttps.status).toBe(401);

      const logout = await postLogout(adminRequest("/api/admin/logout", { method: "POST", token, cookieName: "__Host-sr_admin_session", headers: overHttps }));
      expect(logout.status).toBe(200);
      expect(logout.headers.get("set-cookie")).toMatch(/^__Host-sr_admin_session=;.*Max-Age=0.*Secure/);
      expect((await getCheckAuth(adminRequest("/api/admin/check-auth", { token, cookieName: "__Host-sr_admin_session", headers: overHttps }))).status).toBe(401);
    });

    it("is the bare sr_admin_session over plain HTTP, without Secure", async () => {
      const response = await login(PASSWORD);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^sr_admin_session=[A-Za-z0-9_-]{40,};/);
      expect(cookie).not.toContain("Secure");
      expect(await checkAuth(cookieToken(response))).toBe(200);
      // A __Host- cookie sent over plain HTTP is not the session either.
      const token = cookieToken(response);
      expect((await getCheckAuth(adminRequest("/api/admin/check-auth", { token, cookieName: "__Host-sr_admin_session" }))).status).toBe(401);
    });
  });

  describe("first-run setup link", () => {
    it("is printed at start without any password, works once to choose it and sign in, then says it was used", async () => {
      withoutAnyPassword();
      process.env.SITE_URL = "https://www.saludaridge.example";
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      await announceSetupLinkIfNeeded();
      const printed = log.mock.calls.map((args) => args.join(" ")).join("\n");
      log.mockRestore();
      const link = /at: (\S+)\n/.exec(printed)?.[1] ?? "";
      expect(link).toMatch(/^https:\/\/www\.saludaridge\.example\/admin\/setup#[A-Za-z0-9_-]{43}$/);
      const token = tokenOf(link);
      // Only the token's hash is stored.
      const rows = await (await getDb()).selectFrom("admin_setup_tokens").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);

      expect((await login(PASSWORD)).status).toBe(401);
      const check = await checkLink(token);
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ state: "valid" });

      const used = await useLink({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { "user-agent": FIREFOX_ON_LINUX });
      expect(used.status).toBe(200);
      expect(await used.json()).toEqual({ authenticated: true, username: "admin" });
      const session = cookieToken(used);
      expect(await checkAuth(session)).toBe(200);
      expect((await listSessions(session))[0]).toMatchObject({ current: true, browser: "Firefox 133" });
      expect((await login(NEW_PASSWORD)).status).toBe(200);
      expect((await getAdminCredentials()).source).toBe("stored");

      for (const response of [await checkLink(token), await useLink({ token, newPassword: "another password 123", confirmPassword: "another password 123" })]) {
        expect(response.status).toBe(410);
        expect(await response.json()).toEqual({ error: setupLinkMessages.used.description, state: "used" });
        expect(response.headers.get("set-cookie")).toBeNull();
      }
      expect(setupLinkMessages.used.title).toBe("This setup link was already used");
      expect((await login(NEW_PASSWORD)).status).toBe(200);
      expect((await login("another password 123")).status).toBe(401);
      // Once a password exists, no start prints a link.
      const quiet = vi.spyOn(console, "log").mockImplementation(() => undefined);
      await announceSetupLinkIfNeeded();
      expect(quiet).not.toHaveBeenCalled();
    });

    it("points at this server on localhost without SITE_URL, and each start prints a new link", async () => {
      withoutAnyPassword();
      process.env.PORT = "4321";
      const first = await createSetupLink();
      const second = await createSetupLink();
      expect(first.url).toMatch(/^http:\/\/localhost:4321\/admin\/setup#[A-Za-z0-9_-]{43}$/);
      expect(second.url).not.toBe(first.url);
      delete process.env.PORT;
    });

    it("refuses a short, mismatched or common password with field messages and keeps the link usable", async () => {
      withoutAnyPassword();
      const token = await announcedToken();
      const short = await useLink({ token, newPassword: "too short", confirmPassword: "too short" });
      expect(short.status).toBe(400);
      expect(await short.json()).toMatchObject({ fields: { newPassword: NEW_PASSWORD_MESSAGES.tooShort } });
      const mismatch = await useLink({ token, newPassword: NEW_PASSWORD, confirmPassword: "something else entirely" });
      expect(mismatch.status).toBe(400);
      expect(await mismatch.json()).toMatchObject({ fields: { confirmPassword: NEW_PASSWORD_MESSAGES.mismatch } });
      const common = await useLink({ token, newPassword: "qwertyuiop123", confirmPassword: "qwertyuiop123" });
      expect(common.status).toBe(400);
      expect(await common.json()).toEqual({ error: NEW_PASSWORD_MESSAGES.common, fields: { newPassword: NEW_PASSWORD_MESSAGES.common } });
      expect(short.headers.get("set-cookie")).toBeNull();
      expect((await checkLink(token)).status).toBe(200);
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
    });

    it("says expired after 24 hours, and stores nothing", async () => {
      withoutAnyPassword();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-04-01T08:00:00Z"));
      const token = await announcedToken();
      vi.setSystemTime(Date.now() + SETUP_LINK_TTL_MS - 1000);
      expect((await checkLink(token)).status).toBe(200);
      vi.setSystemTime(Date.now() + 2000);
      for (const response of [await checkLink(token), await useLink({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })]) {
        expect(response.status).toBe(410);
        expect(await response.json()).toEqual({ error: setupLinkMessages.expired.description, state: "expired" });
      }
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
    });

    it("answers 404 for an unknown link and 400 for a malformed one", async () => {
      withoutAnyPassword();
      await announcedToken();
      const unknown = "A".repeat(43);
      for (const response of [await checkLink(unknown), await useLink({ token: unknown, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: setupLinkMessages.unknown.description, state: "unknown" });
      }
      for (const bad of ["", "short", "A".repeat(44), `${"A".repeat(42)}=`, 42, null]) {
        const response = await checkLink(bad);
        expect(response.status, String(bad)).toBe(400);
        expect(await response.json()).toMatchObject({ fields: { token: MALFORMED_SETUP_LINK } });
      }
      const noToken = await useLink({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(noToken.status).toBe(400);
      expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
    });

    it("of two requests racing with one link exactly one wins; of two links used at once, one, and the other is no longer needed", async () => {
      withoutAnyPassword();
      const token = await announcedToken();
      const same = await Promise.all(
        ["first racer password", "second racer password"].map((password) => useLink({ token, newPassword: password, confirmPassword: password })),
      );
      expect(same.map((response) => response.status).sort()).toEqual([200, 410]);
      const winner = same[0]!.status === 200 ? "first racer password" : "second racer password";
      expect((await login(winner)).status).toBe(200);

      await (await getDb()).deleteFrom("settings").execute();
      const [one, two] = [await announcedToken(), await announcedToken()];
      const both = await Promise.all(
        [one, two].map((linkToken, index) => useLink({ token: linkToken, newPassword: `racing link ${index} password`, confirmPassword: `racing link ${index} password` })),
      );
      expect(both.map((response) => response.status).sort()).toEqual([200, 410]);
      const loser = both[0]!.status === 200 ? two : one;
      const loserAnswer = both.find((response) => response.status === 410)!;
      expect(await loserAnswer.json()).toMatchObject({ state: "not-needed" });
      const loserCheck = await checkLink(loser);
      expect(await loserCheck.json()).toEqual({ error: setupLinkMessages["not-needed"].description, state: "not-needed" });
    });

    it("prints nothing when ADMIN_PASSWORD is set, and a link from before says it is no longer needed", async () => {
      withoutAnyPassword();
      const token = await announcedToken();
      process.env.ADMIN_PASSWORD = PASSWORD;
      resetAdminCredentialsCache();
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      await announceSetupLinkIfNeeded();
      expect(log).not.toHaveBeenCalled();
      const response = await useLink({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(response.status).toBe(410);
      expect(await response.json()).toEqual({ error: setupLinkMessages["not-needed"].description, state: "not-needed" });
      expect((await login(PASSWORD)).status).toBe(200);
    });

    it("refuses a cross-site setup (403) and answers other methods with 405", async () => {
      withoutAnyPassword();
      const token = await announcedToken();
      const crossSite = await useLink({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      expect((await checkLink(token)).status).toBe(200);
      const get = await callEndpoint(setupEndpoint.ALL)(adminRequest("/api/admin/setup"));
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });
  });

  describe("a password generated by an earlier version", () => {
    it("still signs in when the environment sets none, and the environment wins over it as before", async () => {
      withoutAnyPassword();
      await setSetting(LEGACY_GENERATED_PASSWORD_SETTING, await hashPassword("generated long ago 123"));
      expect((await login("generated long ago 123")).status).toBe(200);
      const quiet = vi.spyOn(console, "log").mockImplementation(() => undefined);
      await announceSetupLinkIfNeeded();
      expect(quiet).not.toHaveBeenCalled();
      process.env.ADMIN_PASSWORD = PASSWORD;
      resetAdminCredentialsCache();
      expect((await login("generated long ago 123")).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(200);
    });
  });
});
