import type { APIContext } from "astro";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as loginEndpoint from "@/pages/api/admin/login";
import { resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { DEVICE_COOKIE, DEVICE_SECRET_SETTING, issueDeviceCookie } from "@/server/auth/device-cookie";
import {
  FORGED_DEVICE_COOKIE,
  KNOWN_BROWSER_FAILURE_LIMIT,
  LOGIN_BUSY,
  LOGIN_FAILURE_LIMIT,
  reserveLoginAttempt,
  UNKNOWN_BROWSER_CONCURRENCY,
  UNKNOWN_BROWSER_PASSWORD_BUDGET,
  UNKNOWN_BROWSER_THROTTLE,
} from "@/server/auth/login-guard";
import { passwordVerificationCount, passwordVerificationPeak, resetPasswordVerificationPeak } from "@/server/auth/password-hash";
import { getDb } from "@/server/db/connection";
import { getSetting } from "@/server/settings/settings";
import { addressLimitWindows } from "@/server/http/client-address";
import { jsonRequest } from "../support/api-request";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";

/**
 * The login limits of src/server/auth/login-guard.ts, through the login endpoint: counted
 * before the password is checked (`passwordVerificationCount` counts the scrypt runs),
 * bounded under concurrency and across instances, and never locking out a browser that
 * has signed in before.
 */

const PASSWORD = "correct horse battery staple";
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

type LoginHandler = typeof loginEndpoint.POST;

interface LoginOptions {
  /** The peer address of the connection (what Astro passes as `clientAddress`). */
  socket?: string;
  /** What the client writes into X-Forwarded-For; the socket address when not given. */
  forwardedFor?: string;
  cookie?: string;
  headers?: Record<string, string>;
  handler?: LoginHandler;
}

let addressCounter = 0;
/** A new client address per call, so only the limit under test can trip. */
function nextAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter % 250}`;
}

function login(body: { username: string; password: string }, options: LoginOptions = {}): Promise<Response> {
  const socket = options.socket ?? nextAddress();
  const headers = { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
  const request = jsonRequest("/api/admin/login", body, { address: options.forwardedFor ?? socket, headers });
  return Promise.resolve((options.handler ?? loginEndpoint.POST)({ request, clientAddress: socket } as unknown as APIContext));
}

const wrong = (username = "admin") => ({ username, password: "not-the-password" });
const right = { username: "admin", password: PASSWORD };

/** `sr_admin_device=…` from a login answer, ready for a Cookie header. */
function deviceCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error(`no device cookie in: ${response.headers.getSetCookie().join(" | ")}`);
  return cookie.split(";")[0]!;
}

async function expectTooMany(response: Response, retryAfterSeconds?: number): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  if (retryAfterSeconds !== undefined) expect(Number(retryAfter)).toBe(retryAfterSeconds);
  expect(response.headers.getSetCookie()).toEqual([]);
  expect(await response.json()).toEqual({ error: "Too many requests. Please try again later." });
}

const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();
const counts = (values: number[]) => values.reduce<Record<number, number>>((tally, value) => ({ ...tally, [value]: (tally[value] ?? 0) + 1 }), {});

async function limitRows() {
  const db = await getDb();
  return {
    rateLimits: await db.selectFrom("rate_limits").selectAll().execute(),
    throttles: await db.selectFrom("login_throttle").selectAll().execute(),
  };
}

beforeEach(() => {
  process.env.ADMIN_USERNAME = "admin";
  process.env.ADMIN_PASSWORD = PASSWORD;
  delete process.env.ADMIN_PASSWORD_HASH;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.TRUST_PROXY_HOPS;
  delete process.env.DEVICE_COOKIE_SECRET;
  resetAdminCredentialsCache();
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.DEVICE_COOKIE_SECRET;
});

describeEachEngine("login limits", () => {
  describe("counted before the password is checked", () => {
    it("30 simultaneous wrong logins from one address: 5 passwords are checked, the other 25 get 429 with Retry-After", async () => {
      expect(LOGIN_FAILURE_LIMIT.limit).toBe(5);
      const before = passwordVerificationCount();
      const socket = "198.51.100.30";
      // A different username each time, so only the per-address count can stop them.
      const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => login(wrong(`guess-${index}`), { socket })));
      expect(passwordVerificationCount() - before).toBe(5);
      expect(counts(statuses(responses))).toEqual({ 401: 5, 429: 25 });
      for (const response of responses.filter((response) => response.status === 429)) await expectTooMany(response);
    });

    it("30 simultaneous wrong logins for one username from 30 addresses: 5 passwords are checked, the other 25 get 429", async () => {
      const before = passwordVerificationCount();
      const responses = await Promise.all(Array.from({ length: 30 }, () => login(wrong())));
      expect(passwordVerificationCount() - before).toBe(5);
      expect(counts(statuses(responses))).toEqual({ 401: 5, 429: 25 });
      for (const response of responses.filter((response) => response.status === 429)) await expectTooMany(response);
    });

    it("the same holds across two instances: 30 simultaneous logins split between them check 5 passwords in all", async () => {
      const second = await loadSecondInstance(async () => ({
        login: await import("@/pages/api/admin/login"),
        hash: await import("@/server/auth/password-hash"),
      }));
      try {
        const handlers = [loginEndpoint.POST, second.modules.login.POST];
        const checked = () => passwordVerificationCount() + second.modules.hash.passwordVerificationCount();

        const beforeUsername = checked();
        const forUsername = await Promise.all(Array.from({ length: 30 }, (_, index) => login(wrong(), { handler: handlers[index % 2] })));
        expect(checked() - beforeUsername).toBe(5);
        expect(counts(statuses(forUsername))).toEqual({ 401: 5, 429: 25 });

        const beforeAddress = checked();
        const socket = "198.51.100.31";
        const fromAddress = await Promise.all(
          Array.from({ length: 30 }, (_, index) => login(wrong(`two-instances-${index}`), { socket, handler: handlers[index % 2] })),
        );
        expect(checked() - beforeAddress).toBe(5);
        expect(counts(statuses(fromAddress))).toEqual({ 401: 5, 429: 25 });
      } finally {
        await second.close();
      }
    });
  });

  describe("nobody can lock the owner out", () => {
    it("an attack on admin from 50 addresses does not stop the owner's known browser; unknown browsers wait, longer each time", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(T0);
      const owner = await login(right, { socket: "192.0.2.10" });
      expect(owner.status).toBe(200);
      const ownersBrowser = deviceCookieOf(owner);

      const before = passwordVerificationCount();
      const attack = await Promise.all(Array.from({ length: 50 }, (_, index) => login(wrong(), { socket: `198.51.100.${index + 100}` })));
      expect(counts(statuses(attack))).toEqual({ 401: 5, 429: 45 });
      expect(passwordVerificationCount() - before).toBe(5);

      // The owner's browser, from any address, with the right password.
      vi.setSystemTime(T0 + 10 * SECOND);
      const known = await login(right, { socket: "192.0.2.11", cookie: ownersBrowser });
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual({ authenticated: true, username: "admin" });
      // A new device cookie (a new nonce) at every login.
      expect(deviceCookieOf(known)).not.toBe(ownersBrowser);

      // A browser that never signed in waits, even with the right password; the owner's
      // success from a known browser does not end the attacker's streak.
      await expectTooMany(await login(right, { socket: "192.0.2.12" }), 50);
      await expectTooMany(await login(right, { socket: "192.0.2.12", cookie: "theme=dark" }), 50);

      // Each further attempt waits twice as long as the one before: 1, 2, 4 minutes…
      vi.setSystemTime(T0 + MINUTE);
      expect((await login(wrong())).status).toBe(401);
      await expectTooMany(await login(right), 120);
      vi.setSystemTime(T0 + 3 * MINUTE);
      expect((await login(wrong())).status).toBe(401);
      await expectTooMany(await login(right), 240);
      vi.setSystemTime(T0 + 7 * MINUTE);
      // An unknown browser that waited its turn and has the password gets in, and ends the streak.
      expect((await login(right)).status).toBe(200);
      expect((await login(wrong())).status).toBe(401);
    });

    it("an attacker trying as soon as allowed gets 10 guesses in the first hour and 33 in the first day, then one an hour (the figures in docs/admin.md)", async () => {
      const guessesAt: number[] = [];
      const waits: number[] = [];
      let now = T0;
      // Bounded, so a throttle that never refuses fails here rather than looping.
      while (now < T0 + 2 * 24 * HOUR && guessesAt.length < 100) {
        // Every guess from a new address: the address limit plays no part.
        const attempt = await reserveLoginAttempt({ address: nextAddress(), username: "admin", deviceCookie: undefined, now });
        if (attempt.status === "reserved") {
          guessesAt.push(now - T0);
          continue;
        }
        expect(attempt.status).toBe("refused");
        if (attempt.status !== "refused") break;
        waits.push(attempt.retryAfterSeconds);
        now += attempt.retryAfterSeconds * SECOND;
      }
      expect(UNKNOWN_BROWSER_THROTTLE).toMatchObject({ freeAttempts: 5, firstWaitMs: MINUTE, maxWaitMs: HOUR, streakResetMs: 24 * HOUR });
      expect(waits.slice(0, 8)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
      expect(guessesAt.filter((at) => at < HOUR)).toHaveLength(10);
      expect(guessesAt.filter((at) => at < 24 * HOUR)).toHaveLength(33);
      expect(guessesAt.filter((at) => at >= 24 * HOUR && at < 48 * HOUR)).toHaveLength(24);

      // After a day without any attempt the streak starts over: five at once again.
      const quiet = guessesAt.at(-1)! + T0 + 24 * HOUR;
      const again = [];
      for (let index = 0; index < 6; index += 1) {
        again.push((await reserveLoginAttempt({ address: nextAddress(), username: "admin", deviceCookie: undefined, now: quiet })).status);
      }
      expect(again).toEqual(["reserved", "reserved", "reserved", "reserved", "reserved", "refused"]);
    });

    it("a known browser is limited on its own: after 5 failures it gets 429 for 15 minutes, while other browsers are not affected", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(T0);
      const first = deviceCookieOf(await login(right));
      const other = deviceCookieOf(await login(right));
      const before = passwordVerificationCount();
      const socket = "192.0.2.20";
      for (let attempt = 0; attempt < KNOWN_BROWSER_FAILURE_LIMIT.limit; attempt += 1) {
        expect((await login(wrong(), { socket, cookie: first })).status).toBe(401);
      }
      await expectTooMany(await login(right, { socket, cookie: first }), 15 * 60);
      expect(passwordVerificationCount() - before).toBe(5);
      // The owner's other browser, and an unknown browser from the same address: neither was counted.
      expect((await login(right, { socket, cookie: other })).status).toBe(200);
      expect((await login(right, { socket })).status).toBe(200);
      vi.setSystemTime(T0 + KNOWN_BROWSER_FAILURE_LIMIT.windowMs);
      expect((await login(right, { socket, cookie: first })).status).toBe(200);
    });

    it("a device cookie for another username counts as an unknown browser", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(T0);
      const elsewhere = `${DEVICE_COOKIE}=${await issueDeviceCookie("someone-else")}`;
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(wrong())).status).toBe(401);
      await expectTooMany(await login(right, { cookie: elsewhere }), 60);
    });

    it("a forged device cookie gets 400 with a clear message, is cleared, and nothing is counted or checked", async () => {
      const genuine = deviceCookieOf(await login(right)).slice(`${DEVICE_COOKIE}=`.length);
      const [user, generation, issued, nonce, signature] = genuine.split(".") as [string, string, string, string, string];
      const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
      const forgeries = {
        "not our format": "forged",
        "three parts, not base64url": "a.b.c!",
        "a changed signature": `${user}.${generation}.${issued}.${nonce}.${flipped}`,
        "another username under the signature": `${Buffer.from("root").toString("base64url")}.${generation}.${issued}.${nonce}.${signature}`,
        "a later issue time under the signature": `${user}.${generation}.${(parseInt(issued, 36) + 1).toString(36)}.${nonce}.${signature}`,
        "too long": `${user}.${generation}.${issued}.${"A".repeat(1000)}.${signature}`,
      };
      const db = await getDb();
      await db.deleteFrom("rate_limits").execute();
      await db.deleteFrom("login_throttle").execute();
      const before = passwordVerificationCount();
      for (const [label, value] of Object.entries(forgeries)) {
        const response = await login(right, { cookie: `${DEVICE_COOKIE}=${encodeURIComponent(value)}`, socket: "192.0.2.30" });
        expect(response.status, label).toBe(400);
        expect(await response.json(), label).toEqual({ error: FORGED_DEVICE_COOKIE });
        const cookies = response.headers.getSetCookie();
        expect(cookies, label).toHaveLength(1);
        expect(cookies[0], label).toMatch(new RegExp(`^${DEVICE_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0$`));
      }
      expect(passwordVerificationCount() - before).toBe(0);
      expect(await limitRows()).toEqual({ rateLimits: [], throttles: [] });
      // The genuine cookie still works.
      expect((await login(right, { cookie: `${DEVICE_COOKIE}=${genuine}` })).status).toBe(200);
    });

    it("sets the device cookie HttpOnly, SameSite=Strict, for a year, and under the __Host- name over HTTPS", async () => {
      const plain = await login(right);
      const cookie = plain.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`))!;
      // username, generation, issue time (base-36 seconds), nonce, signature
      expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{11}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000$`));

      const https = { "x-forwarded-proto": "https" };
      const secure = await login(right, { headers: https });
      const hostCookie = secure.headers.getSetCookie().find((value) => value.startsWith(`__Host-${DEVICE_COOKIE}=`));
      expect(hostCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure$/);
      expect(hostCookie).not.toMatch(/Domain=/i);

      // Over HTTPS the device cookie is read under its __Host- name only.
      const hostPair = hostCookie!.split(";")[0]!;
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(wrong())).status).toBe(401);
      expect((await login(right, { headers: https, cookie: hostPair })).status).toBe(200);
      await expectTooMany(await login(right, { headers: https, cookie: hostPair.replace("__Host-", "") }));
    });

    it("signs with DEVICE_COOKIE_SECRET when set, else with a secret generated once and stored for every instance", async () => {
      const generatedCookie = deviceCookieOf(await login(right));
      const stored = await getSetting(DEVICE_SECRET_SETTING);
      expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await login(right, { cookie: generatedCookie })).status).toBe(200);
      expect(await getSetting(DEVICE_SECRET_SETTING)).toBe(stored);

      process.env.DEVICE_COOKIE_SECRET = "an operator's secret of at least 32 characters";
      const refused = await login(right, { cookie: generatedCookie });
      expect(refused.status).toBe(400);
      const configuredCookie = deviceCookieOf(await login(right));
      expect((await login(right, { cookie: configuredCookie })).status).toBe(200);

      process.env.DEVICE_COOKIE_SECRET = "too short";
      await expect(issueDeviceCookie("admin")).rejects.toThrow("DEVICE_COOKIE_SECRET must be at least 32 characters");
    });
  });

  describe("a flood of logins from many addresses with many usernames", () => {
    /** 100 wrong logins, random usernames, 20 client addresses, all through one trusted proxy at 127.0.0.1. */
    function flood(handlers: LoginHandler[] = [loginEndpoint.POST]): Promise<Response>[] {
      return Array.from({ length: 100 }, (_, index) =>
        login(wrong(`flood-${index}-${Math.random().toString(36).slice(2)}`), {
          socket: "127.0.0.1",
          forwardedFor: `198.51.100.${160 + (index % 20)}`,
          handler: handlers[index % handlers.length],
        }),
      );
    }

    async function expectBusy(response: Response): Promise<void> {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(await response.json()).toEqual({ error: LOGIN_BUSY });
    }

    it("100 simultaneous wrong logins check 15 passwords, one at a time, and answer the rest 503 with Retry-After; the owner's known browser signs in meanwhile", async () => {
      process.env.TRUST_PROXY_HOPS = "1";
      expect(UNKNOWN_BROWSER_PASSWORD_BUDGET).toEqual({ limit: 15, windowMs: MINUTE });
      expect(UNKNOWN_BROWSER_CONCURRENCY).toBe(1);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(T0);
      const ownersBrowser = deviceCookieOf(await login(right, { socket: "127.0.0.1", forwardedFor: "192.0.2.60" }));
      await (await getDb()).deleteFrom("rate_limits").execute();

      const before = passwordVerificationCount();
      resetPasswordVerificationPeak();
      const owner = login(right, { socket: "127.0.0.1", forwardedFor: "192.0.2.61", cookie: ownersBrowser });
      const responses = await Promise.all(flood());
      // The budget's checks and the owner's: no more.
      expect(passwordVerificationCount() - before).toBe(UNKNOWN_BROWSER_PASSWORD_BUDGET.limit + 1);
      // One unknown browser's check at a time, and the owner's beside it.
      expect(passwordVerificationPeak()).toBeLessThanOrEqual(UNKNOWN_BROWSER_CONCURRENCY + 1);
      expect(counts(statuses(responses))).toEqual({ 401: 15, 503: 85 });
      for (const response of responses.filter((response) => response.status === 503)) await expectBusy(response);
      expect((await owner).status).toBe(200);

      // An unknown browser is refused too, even with the right password, until the minute is over.
      await expectBusy(await login(right, { socket: "127.0.0.1", forwardedFor: "192.0.2.62" }));
      vi.setSystemTime(T0 + MINUTE);
      expect((await login(right, { socket: "127.0.0.1", forwardedFor: "192.0.2.62" })).status).toBe(200);
    });

    it("across two instances, 100 simultaneous wrong logins check 15 passwords in all", async () => {
      process.env.TRUST_PROXY_HOPS = "1";
      const second = await loadSecondInstance(async () => ({
        login: await import("@/pages/api/admin/login"),
        hash: await import("@/server/auth/password-hash"),
      }));
      try {
        const checked = () => passwordVerificationCount() + second.modules.hash.passwordVerificationCount();
        const before = checked();
        const responses = await Promise.all(flood([loginEndpoint.POST, second.modules.login.POST]));
        const minuteTurned = responses.some((response) => Number(response.headers.get("retry-after")) === 60);
        // A fixed window: a flood that straddles the turn of a minute gets two budgets (next test).
        expect(checked() - before).toBeLessThanOrEqual(2 * UNKNOWN_BROWSER_PASSWORD_BUDGET.limit);
        if (!minuteTurned) expect(checked() - before).toBe(UNKNOWN_BROWSER_PASSWORD_BUDGET.limit);
        expect(counts(statuses(responses))).toEqual({ 401: checked() - before, 503: 100 - (checked() - before) });
      } finally {
        await second.close();
      }
    });

    it("a minute of the budget starts at its first check: a flood at its start and one at its end get 30 checks, no more", async () => {
      // Each flood from 20 addresses of its own, so only the budget can refuse.
      const reserveMany = (now: number, network: string) =>
        Promise.all(
          Array.from({ length: 100 }, async (_, index) => {
            const attempt = await reserveLoginAttempt({ address: `${network}.${200 + (index % 20)}`, username: `turn-${now}-${index}`, deviceCookie: undefined, now });
            return attempt.status;
          }),
        );
      const first = await reserveMany(T0, "198.51.100");
      const next = await reserveMany(T0 + MINUTE, "203.0.113");
      expect(counts([...first, ...next].map((status) => (status === "reserved" ? 1 : status === "busy" ? 2 : 3)))).toEqual({ 1: 30, 2: 170 });
    });
  });

  describe("the client address", () => {
    it("with TRUST_PROXY_HOPS=0 a client rotating X-Forwarded-For is limited by the address it connects from", async () => {
      process.env.TRUST_PROXY_HOPS = "0";
      const socket = "198.51.100.40";
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login(wrong(`rotating-${attempt}`), { socket, forwardedFor: nextAddress() })).status).toBe(401);
      }
      await expectTooMany(await login(right, { socket, forwardedFor: nextAddress() }));
      expect((await login(right, { socket: "198.51.100.41", forwardedFor: "198.51.100.40" })).status).toBe(200);
    });

    it("a client rotating addresses inside one IPv6 /64 is limited; another /64 is not", async () => {
      const inPrefix = ["2001:db8:7:8::1", "2001:db8:7:8::2", "2001:db8:7:8:ffff:ffff:ffff:ffff", "2001:DB8:7:8:1:2:3:4", "2001:db8:7:8:0:0:0:5"];
      for (const [index, socket] of inPrefix.entries()) expect((await login(wrong(`v6-${index}`), { socket })).status).toBe(401);
      await expectTooMany(await login(right, { socket: "2001:db8:7:8:abcd::9" }));
      expect((await login(right, { socket: "2001:db8:7:9::1" })).status).toBe(200);
    });

    it("a client rotating /64s inside one IPv6 /56 is limited at 10, inside one /48 at 20; the next prefix is not", async () => {
      expect(addressLimitWindows("login:addr:", "2001:db8:7:100::1", LOGIN_FAILURE_LIMIT.limit).map((window) => window.limit)).toEqual([5, 10, 20]);
      // Straight to the guard: these attempts are about counting, and no password is checked.
      let now = T0;
      const attempt = async (address: string) => {
        // A new minute every few attempts keeps the site's budget out of this.
        now += 10 * SECOND;
        return (await reserveLoginAttempt({ address, username: `v6-${now}`, deviceCookie: undefined, now })).status;
      };
      // Ten different /64s of 2001:db8:7:100::/56, then an eleventh.
      for (let index = 0; index < 10; index += 1) expect(await attempt(`2001:db8:7:1${index.toString(16).padStart(2, "0")}::1`)).toBe("reserved");
      expect(await attempt("2001:db8:7:1ff::1")).toBe("refused");
      // Other /56s of the same /48 take it to 20 in all.
      for (let index = 0; index < 10; index += 1) expect(await attempt(`2001:db8:7:${(index + 2).toString(16)}00::1`)).toBe("reserved");
      expect(await attempt("2001:db8:7:ff00::1")).toBe("refused");
      expect(await attempt("2001:db8:8::1")).toBe("reserved");
    });

    it("an IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) shares the counter of its IPv4 address", async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(wrong(`mapped-${attempt}`), { socket: "::ffff:198.51.100.50" })).status).toBe(401);
      for (let attempt = 3; attempt < 5; attempt += 1) expect((await login(wrong(`mapped-${attempt}`), { socket: "198.51.100.50" })).status).toBe(401);
      await expectTooMany(await login(right, { socket: "::ffff:198.51.100.50" }));
    });
  });
});
