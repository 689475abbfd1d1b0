import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as statusEndpoint from "@/pages/api/admin/account/two-factor";
import * as disableEndpoint from "@/pages/api/admin/account/two-factor/disable";
import * as enableEndpoint from "@/pages/api/admin/account/two-factor/enable";
import * as setupEndpoint from "@/pages/api/admin/account/two-factor/setup";
import * as checkAuthEndpoint from "@/pages/api/admin/check-auth";
import * as loginEndpoint from "@/pages/api/admin/login";
import * as secondFactorEndpoint from "@/pages/api/admin/login/second-factor";
import { TWO_FACTOR_MESSAGES } from "@/lib/validation/two-factor-schemas";
import { resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { SESSION_COOKIE } from "@/server/auth/admin-session";
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_MAX_ATTEMPTS, PENDING_LOGIN_TTL_MS } from "@/server/auth/pending-login";
import { ENROLMENT_TTL_MS, TWO_FACTOR_ATTEMPT_LIMIT } from "@/server/auth/two-factor";
import { getDb } from "@/server/db/connection";
import { type DbConfig } from "@/server/db/connection";
import { databaseEnv, runProjectScript } from "../support/project-script";
import { describeEachEngine } from "../support/test-database";
import { callEndpoint } from "../support/api-request";

/**
 * The optional TOTP second factor of the owner's account, through the endpoints as Astro
 * calls them, on SQLite and PostgreSQL. Codes are computed with otplib from the secret the
 * enrolment answer gives, at the server's clock (Date is faked where time matters).
 */

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://127.0.0.1:3000";
const STEP_MS = 30_000;


const postLogin = callEndpoint(loginEndpoint.POST);
const postSecondFactor = callEndpoint(secondFactorEndpoint.POST);
const getStatus = callEndpoint(statusEndpoint.GET);
const postSetup = callEndpoint(setupEndpoint.POST);
const postEnable = callEndpoint(enableEndpoint.POST);
const postDisable = callEndpoint(disableEndpoint.POST);
const getCheckAuth = callEndpoint(checkAuthEndpoint.GET);

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

function request(path: string, options: { body?: unknown; cookies?: string[]; method?: string; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { "x-forwarded-for": nextAddress(), ...options.headers };
  if (options.cookies?.length) headers.cookie = options.cookies.join("; ");
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`${ORIGIN}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** `name=value` of the cookie a response sets, or undefined. */
function setCookie(response: Response, name: string): { pair: string; value: string; attributes: string[] } | undefined {
  const header = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  return { pair, value: decodeURIComponent(pair.slice(name.length + 1)), attributes };
}

async function passwordLogin(headers: Record<string, string> = {}): Promise<Response> {
  return postLogin(request("/api/admin/login", { body: { username: "admin", password: PASSWORD }, headers }));
}

/** A session cookie pair from a login without the second factor. */
async function session(): Promise<string> {
  const response = await passwordLogin();
  expect(response.status).toBe(200);
  return setCookie(response, SESSION_COOKIE)!.pair;
}

/** The pending-login cookie pair from a right password while the second factor is on. */
async function pendingLogin(): Promise<string> {
  const response = await passwordLogin();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ secondFactorRequired: true });
  return setCookie(response, PENDING_LOGIN_COOKIE)!.pair;
}

function codeAt(secret: string, at: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

type Enrolment = { secret: string; otpauthUri: string; qrCode: string; expiresAt: string };

async function startSetup(cookie: string): Promise<Enrolment> {
  const response = await postSetup(request("/api/admin/account/two-factor/setup", { cookies: [cookie], method: "POST" }));
  expect(response.status).toBe(200);
  return (await response.json()) as Enrolment;
}

/** Turns the second factor on with a code of the current step; returns the secret and the recovery codes. */
async function turnOn(): Promise<{ secret: string; recoveryCodes: string[]; cookie: string }> {
  const cookie = await session();
  const { secret } = await startSetup(cookie);
  const response = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: await codeAt(secret, Date.now()), password: PASSWORD } }));
  expect(response.status).toBe(200);
  const { recoveryCodes } = (await response.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes, cookie };
}

function sendCode(pending: string | undefined, code: string, headers: Record<string, string> = {}): Promise<Response> {
  return postSecondFactor(request("/api/admin/login/second-factor", { cookies: pending ? [pending] : [], body: { code }, headers }));
}

async function checkAuth(sessionPair: string): Promise<number> {
  return (await getCheckAuth(request("/api/admin/check-auth", { cookies: [sessionPair] }))).status;
}

async function status(cookie: string) {
  const response = await getStatus(request("/api/admin/account/two-factor", { cookies: [cookie] }));
  expect(response.status).toBe(200);
  return (await response.json()) as { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
}

/** Moves the faked clock to the start of a fresh 30-second step, so step arithmetic in a test is exact. */
function startOfStep(at = "2030-01-01T12:00:00Z") {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
}

/** `npm run admin:two-factor-off` against the given database, as the operator would run it. */
const runTwoFactorOff = (config: DbConfig) => runProjectScript("two-factor-off", [], databaseEnv(config));

beforeEach(() => {
  process.env.ADMIN_USERNAME = "admin";
  process.env.ADMIN_PASSWORD = PASSWORD;
  delete process.env.ADMIN_PASSWORD_HASH;
  delete process.env.RATE_LIMIT_MULTIPLIER;
  resetAdminCredentialsCache();
});

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("two-step verification", (context) => {
  describe("turning it on", () => {
    it("setup gives a key, its otpauth URI and a QR code, and nothing is on until a right code confirms it", async () => {
      const cookie = await session();
      expect(await status(cookie)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

      const enrolment = await startSetup(cookie);
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(enrolment.otpauthUri);
      expect(`${uri.protocol}//${uri.host}`).toBe("otpauth://totp");
      expect(decodeURIComponent(uri.pathname)).toBe("/Saluda Ridge Technologies:admin");
      // SHA-1, 6 digits and 30 seconds are what every app assumes when the URI names none.
      expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: enrolment.secret, issuer: "Saluda Ridge Technologies" });
      expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(enrolment.qrCode.split(",")[1]!, "base64").toString()).toMatch(/^<svg [^>]*viewBox=/);

      // Pending is not on: the password alone still signs in.
      expect(await status(cookie)).toMatchObject({ enabled: false });
      const login = await passwordLogin();
      expect(await login.json()).toEqual({ authenticated: true, username: "admin" });
    });

    it("a wrong code answers 400 with the field message and turns nothing on; the right code turns it on with 10 recovery codes, shown once", async () => {
      const cookie = await session();
      const { secret } = await startSetup(cookie);
      const right = await codeAt(secret, Date.now());
      const wrong = right === "000000" ? "111111" : "000000";

      const refused = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: wrong, password: PASSWORD } }));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode, fields: { code: TWO_FACTOR_MESSAGES.wrongCode } });
      expect(await status(cookie)).toMatchObject({ enabled: false });

      const accepted = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: right, password: PASSWORD } }));
      expect(accepted.status).toBe(200);
      const { recoveryCodes } = (await accepted.json()) as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      const current = await status(cookie);
      expect(current).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      expect(Date.parse(current.enabledAt!)).toBeLessThanOrEqual(Date.now());

      // Only hashes are stored: neither the codes nor anything containing them.
      const db = await getDb();
      const stored = await db.selectFrom("admin_recovery_codes").select("code_hash").execute();
      expect(stored).toHaveLength(10);
      for (const row of stored) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      const dump = JSON.stringify(stored);
      for (const code of recoveryCodes) expect(dump).not.toContain(code.replace("-", ""));

      // The answer is not repeatable: a second enable finds it on already.
      const again = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: right, password: PASSWORD } }));
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: TWO_FACTOR_MESSAGES.alreadyOn });
      expect((await postSetup(request("/api/admin/account/two-factor/setup", { cookies: [cookie], method: "POST" }))).status).toBe(409);
    });

    it("needs the current password: a wrong one answers 400 on the password field and turns nothing on", async () => {
      const cookie = await session();
      const { secret } = await startSetup(cookie);
      const response = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: await codeAt(secret, Date.now()), password: "not my password" } }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongPassword, fields: { password: TWO_FACTOR_MESSAGES.wrongPassword } });
      expect(await status(cookie)).toMatchObject({ enabled: false });
    });

    it("refuses malformed codes with field messages, a setup that expired or never began with 409, and does nothing without a session or from another site", async () => {
      startOfStep();
      const cookie = await session();
      const empty = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: "", password: "" } }));
      expect(empty.status).toBe(400);
      expect((await empty.json()).fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeRequired, password: TWO_FACTOR_MESSAGES.passwordRequired });
      const letters = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: "12345a", password: PASSWORD } }));
      expect(letters.status).toBe(400);
      expect((await letters.json()).fields).toEqual({ code: TWO_FACTOR_MESSAGES.codeShape });

      const neverBegun = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: "123456", password: PASSWORD } }));
      expect(neverBegun.status).toBe(409);
      expect(await neverBegun.json()).toEqual({ error: TWO_FACTOR_MESSAGES.setupExpired });

      const { secret } = await startSetup(cookie);
      vi.setSystemTime(Date.now() + ENROLMENT_TTL_MS + 1000);
      const late = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: await codeAt(secret, Date.now()), password: PASSWORD } }));
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({ error: TWO_FACTOR_MESSAGES.setupExpired });

      const anonymous = await postSetup(request("/api/admin/account/two-factor/setup", { method: "POST" }));
      expect(anonymous.status).toBe(401);
      const crossSite = await postSetup(request("/api/admin/account/two-factor/setup", { cookies: [cookie], method: "POST", headers: { origin: "https://evil.example" } }));
      expect(crossSite.status).toBe(403);
      expect(await status(cookie)).toMatchObject({ enabled: false });
      // A valid spaced code ("123 456") is accepted as a shape.
      const spaced = await postEnable(request("/api/admin/account/two-factor/enable", { cookies: [cookie], body: { code: "123 456", password: PASSWORD } }));
      expect(spaced.status).toBe(409);
    });
  });

  describe("signing in while it is on", () => {
    it("a right password gives no session but a short-lived HttpOnly pending-login cookie; the right code then signs in with the session cookie", async () => {
      startOfStep();
      const { secret } = await turnOn();
      const login = await passwordLogin();
      expect(login.status).toBe(200);
      expect(await login.json()).toEqual({ secondFactorRequired: true });
      expect(setCookie(login, SESSION_COOKIE)).toBeUndefined();
      const pending = setCookie(login, PENDING_LOGIN_COOKIE)!;
      expect(pending.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(pending.attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/", `Max-Age=${PENDING_LOGIN_TTL_MS / 1000}`]));
      // Only the hash is stored.
      const rows = await (await getDb()).selectFrom("admin_pending_logins").select("token_hash").execute();
      expect(rows.map((row) => row.token_hash)).not.toContain(pending.value);

      vi.setSystemTime(Date.now() + STEP_MS);
      const response = await sendCode(pending.pair, await codeAt(secret, Date.now()));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ authenticated: true, username: "admin" });
      const sessionCookie = setCookie(response, SESSION_COOKIE)!;
      expect(sessionCookie.attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/"]));
      expect(setCookie(response, PENDING_LOGIN_COOKIE)?.attributes).toContain("Max-Age=0");
      expect(await checkAuth(sessionCookie.pair)).toBe(200);

      // The pending login is used up.
      vi.setSystemTime(Date.now() + STEP_MS);
      const reused = await sendCode(pending.pair, await codeAt(secret, Date.now()));
      expect(reused.status).toBe(401);
    });

    it("over HTTPS the pending-login cookie takes the __Host- prefix and Secure", async () => {
      await turnOn();
      const login = await passwordLogin({ "x-forwarded-proto": "https" });
      const cookie = setCookie(login, `__Host-${PENDING_LOGIN_COOKIE}`);
      expect(cookie?.attributes).toEqual(expect.arrayContaining(["Secure", "Path=/", "HttpOnly"]));
    });

    it("a wrong code answers 400 with a clear message and signs nothing in; the same pending login then takes the right code", async () => {
      startOfStep();
      const { secret } = await turnOn();
      const pending = await pendingLogin();
      vi.setSystemTime(Date.now() + STEP_MS);
      const right = await codeAt(secret, Date.now());
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
      const refused = await sendCode(pending, wrong);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode, fields: { code: TWO_FACTOR_MESSAGES.wrongCode } });
      expect(setCookie(refused, SESSION_COOKIE)).toBeUndefined();
      expect((await sendCode(pending, right)).status).toBe(200);
    });

    it("a replayed code is refused: the code that turned it on, and a code that already signed in, even from another pending login", async () => {
      startOfStep();
      const { secret } = await turnOn();
      const enrolmentCode = await codeAt(secret, Date.now());
      const first = await pendingLogin();
      const replayedEnrolment = await sendCode(first, enrolmentCode);
      expect(replayedEnrolment.status).toBe(400);
      expect(await replayedEnrolment.json()).toEqual({ error: TWO_FACTOR_MESSAGES.replayedCode, fields: { code: TWO_FACTOR_MESSAGES.replayedCode } });

      vi.setSystemTime(Date.now() + STEP_MS);
      const next = await codeAt(secret, Date.now());
      expect((await sendCode(first, next)).status).toBe(200);
      const second = await pendingLogin();
      const replayed = await sendCode(second, next);
      expect(replayed.status).toBe(400);
      expect((await replayed.json()).error).toBe(TWO_FACTOR_MESSAGES.replayedCode);
      // An earlier step than the last accepted is a replay too, although still within the clock tolerance.
      const earlier = await sendCode(second, enrolmentCode);
      expect((await earlier.json()).error).toBe(TWO_FACTOR_MESSAGES.replayedCode);
    });

    it("the same code sent twice at once signs in exactly once", async () => {
      startOfStep();
      const { secret } = await turnOn();
      const [a, b] = [await pendingLogin(), await pendingLogin()];
      vi.setSystemTime(Date.now() + STEP_MS);
      const code = await codeAt(secret, Date.now());
      const answers = await Promise.all([sendCode(a, code), sendCode(b, code)]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 400]);
    });

    it("a recovery code signs in once, typed in any case and with or without its hyphen; used again it is refused", async () => {
      const { recoveryCodes, cookie } = await turnOn();
      const [code] = recoveryCodes as [string];
      const accepted = await sendCode(await pendingLogin(), ` ${code.toUpperCase().replace("-", " ")} `);
      expect(accepted.status).toBe(200);
      expect(await checkAuth(setCookie(accepted, SESSION_COOKIE)!.pair)).toBe(200);
      expect(await status(cookie)).toMatchObject({ recoveryCodesLeft: 9 });

      const reused = await sendCode(await pendingLogin(), code);
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongRecoveryCode, fields: { code: TWO_FACTOR_MESSAGES.wrongRecoveryCode } });
      const madeUp = await sendCode(await pendingLogin(), "abcde-fghjk");
      expect(madeUp.status).toBe(400);
      expect(await status(cookie)).toMatchObject({ recoveryCodesLeft: 9 });
    });

    it(`after ${PENDING_LOGIN_MAX_ATTEMPTS} wrong codes the pending login is void: 401, and even the right code must start again`, async () => {
      startOfStep();
      const { secret } = await turnOn();
      const pending = await pendingLogin();
      vi.setSystemTime(Date.now() + STEP_MS);
      const right = await codeAt(secret, Date.now());
      const wrong = right === "000000" ? "111111" : "000000";
      for (let attempt = 1; attempt < PENDING_LOGIN_MAX_ATTEMPTS; attempt += 1) expect((await sendCode(pending, wrong)).status).toBe(400);
      const last = await sendCode(pending, wrong);
      expect(last.status).toBe(401);
      expect(await last.json()).toEqual({ error: TWO_FACTOR_MESSAGES.tooManyWrongCodes });
      expect(setCookie(last, PENDING_LOGIN_COOKIE)?.attributes).toContain("Max-Age=0");
      const late = await sendCode(pending, right);
      expect(late.status).toBe(401);
      expect(await late.json()).toEqual({ error: TWO_FACTOR_MESSAGES.signInAgain });
      // A new sign-in with the password works again.
      expect((await sendCode(await pendingLogin(), right)).status).toBe(200);
    });

    it(`limits code attempts per account to ${TWO_FACTOR_ATTEMPT_LIMIT.limit} per 15 minutes across pending logins: then 429 with Retry-After, even for the right code`, async () => {
      startOfStep();
      const { secret } = await turnOn();
      vi.setSystemTime(Date.now() + STEP_MS);
      const right = await codeAt(secret, Date.now());
      const wrong = right === "000000" ? "111111" : "000000";
      let attempts = 0;
      while (attempts < TWO_FACTOR_ATTEMPT_LIMIT.limit) {
        const pending = await pendingLogin();
        for (let onThis = 0; onThis < PENDING_LOGIN_MAX_ATTEMPTS && attempts < TWO_FACTOR_ATTEMPT_LIMIT.limit; onThis += 1, attempts += 1) {
          expect([400, 401]).toContain((await sendCode(pending, wrong)).status);
        }
      }
      const pending = await pendingLogin();
      const blocked = await sendCode(pending, right);
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(TWO_FACTOR_ATTEMPT_LIMIT.windowMs / 1000);
      expect(setCookie(blocked, SESSION_COOKIE)).toBeUndefined();

      vi.setSystemTime(Date.now() + TWO_FACTOR_ATTEMPT_LIMIT.windowMs);
      const later = await sendCode(await pendingLogin(), await codeAt(secret, Date.now()));
      expect(later.status).toBe(200);
    });

    it("the account limit holds under concurrency: 30 wrong codes at once, at most the limit checked, the rest 429", async () => {
      const { secret } = await turnOn();
      // One after the other: simultaneous password logins would meet the login limits first.
      const pendings: string[] = [];
      for (let index = 0; index < 6; index += 1) pendings.push(await pendingLogin());
      const right = await codeAt(secret, Date.now() + STEP_MS);
      const wrong = right === "000000" ? "111111" : "000000";
      const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => sendCode(pendings[index % pendings.length], wrong)));
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((code) => code === 429)).toHaveLength(30 - TWO_FACTOR_ATTEMPT_LIMIT.limit);
      expect(statuses.filter((code) => code !== 429).every((code) => code === 400 || code === 401)).toBe(true);
    });

    it("a stale, unknown or missing pending login answers 401 asking to sign in again", async () => {
      startOfStep();
      const { secret } = await turnOn();
      const pending = await pendingLogin();
      vi.setSystemTime(Date.now() + PENDING_LOGIN_TTL_MS + 1000);
      const stale = await sendCode(pending, await codeAt(secret, Date.now()));
      expect(stale.status).toBe(401);
      expect(await stale.json()).toEqual({ error: TWO_FACTOR_MESSAGES.signInAgain });
      expect(setCookie(stale, SESSION_COOKIE)).toBeUndefined();

      for (const cookie of [`${PENDING_LOGIN_COOKIE}=${"A".repeat(43)}`, `${PENDING_LOGIN_COOKIE}=%E0%A4%A`, undefined]) {
        const response = await sendCode(cookie, "123456");
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: TWO_FACTOR_MESSAGES.signInAgain });
      }
      // None of these counted against the account's allowance.
      const allowance = await (await getDb()).selectFrom("rate_limits").select("count").where("key", "=", "two-factor:account").executeTakeFirst();
      expect(allowance).toBeUndefined();
    });

    it("a malformed code answers 400 with the field message and costs no attempt; cross-site answers 403", async () => {
      await turnOn();
      const pending = await pendingLogin();
      for (const code of ["", "12345", "1234567", "abc", "x".repeat(200)]) {
        const response = await sendCode(pending, code);
        expect(response.status, code).toBe(400);
        expect(Object.keys((await response.json()).fields)).toEqual(["code"]);
      }
      expect((await sendCode(pending, "123456", { origin: "https://evil.example" })).status).toBe(403);
      const row = await (await getDb()).selectFrom("admin_pending_logins").select("attempts").executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(0);
    });
  });

  describe("hostile bodies", () => {
    it("every two-factor endpoint answers wrong types, extra fields, NUL, non-JSON and oversized bodies with a JSON 4xx, and nothing changes", async () => {
      const { cookie } = await turnOn();
      const pending = await pendingLogin();
      const bodies: { raw: string; contentType?: string }[] = [
        { raw: "[]" },
        { raw: "null" },
        { raw: '{"code": 123456, "password": 5}' },
        { raw: '{"code": {"$gt": ""}, "password": ["x"]}' },
        { raw: '{"code": "12\u00003456", "password": "a\u0000b"}' },
        { raw: '{"__proto__": {"admin": true}, "code": "12345"}' },
        { raw: '{"code": "123456"', contentType: "application/json" },
        { raw: "code=123456", contentType: "application/x-www-form-urlencoded" },
        { raw: JSON.stringify({ code: "1".repeat(70 * 1024), password: "x" }) },
      ];
      const endpoints = [
        { path: "/api/admin/login/second-factor", handler: postSecondFactor, cookies: [pending] },
        { path: "/api/admin/account/two-factor/enable", handler: postEnable, cookies: [cookie] },
        { path: "/api/admin/account/two-factor/disable", handler: postDisable, cookies: [cookie] },
      ];
      for (const endpoint of endpoints) {
        for (const body of bodies) {
          const response = await endpoint.handler(
            new Request(`${ORIGIN}${endpoint.path}`, {
              method: "POST",
              headers: { "content-type": body.contentType ?? "application/json", cookie: endpoint.cookies.join("; "), "x-forwarded-for": nextAddress() },
              body: body.raw,
            }),
          );
          const label = `${endpoint.path} ${body.raw.slice(0, 60)}`;
          expect(response.status, label).toBeGreaterThanOrEqual(400);
          expect(response.status, label).toBeLessThan(500);
          expect(await response.json(), label).toHaveProperty("error");
        }
      }
      expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      const row = await (await getDb()).selectFrom("admin_pending_logins").select("attempts").executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(0);
    });
  });

  describe("turning it off", () => {
    it("needs the current password and a current code: either wrong answers 400 and it stays on; both right turn it off", async () => {
      startOfStep();
      const { secret, cookie } = await turnOn();
      vi.setSystemTime(Date.now() + STEP_MS);
      const right = await codeAt(secret, Date.now());
      const wrong = right === "000000" ? "111111" : "000000";

      const wrongPassword = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: "nope", code: right } }));
      expect(wrongPassword.status).toBe(400);
      expect((await wrongPassword.json()).fields).toEqual({ password: TWO_FACTOR_MESSAGES.wrongPassword });
      const wrongCode = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: PASSWORD, code: wrong } }));
      expect(wrongCode.status).toBe(400);
      expect((await wrongCode.json()).fields).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });
      const missing = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: {} }));
      expect(missing.status).toBe(400);
      expect((await missing.json()).fields).toEqual({ password: TWO_FACTOR_MESSAGES.passwordRequired, code: TWO_FACTOR_MESSAGES.codeRequired });
      expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      expect(await (await passwordLogin()).json()).toEqual({ secondFactorRequired: true });

      const off = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: PASSWORD, code: right } }));
      expect(off.status).toBe(200);
      expect(await off.json()).toEqual({ enabled: false });
      expect(await status(cookie)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
      expect(await (await passwordLogin()).json()).toEqual({ authenticated: true, username: "admin" });
      const db = await getDb();
      expect(await db.selectFrom("admin_recovery_codes").selectAll().execute()).toEqual([]);

      const again = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: PASSWORD, code: right } }));
      expect(again.status).toBe(409);
    });

    it("accepts a recovery code instead of a code from the app, and a pending login then finds it off", async () => {
      const { recoveryCodes, cookie } = await turnOn();
      const pending = await pendingLogin();
      const off = await postDisable(request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: PASSWORD, code: recoveryCodes[3] } }));
      expect(off.status).toBe(200);
      const orphan = await sendCode(pending, "123456");
      expect(orphan.status).toBe(401);
    });

    it("npm run admin:two-factor-off turns it off from the server's shell, for a lost phone and no recovery code", async () => {
      const { cookie } = await turnOn();
      const run = await runTwoFactorOff(context.config);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Two-step verification is off");
      expect(await status(cookie)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
      expect(await (await passwordLogin()).json()).toEqual({ authenticated: true, username: "admin" });
      const again = await runTwoFactorOff(context.config);
      expect(again.stdout).toContain("was not on; nothing changed");
    }, 60_000);

    it("needs a session and the same origin", async () => {
      const { cookie, recoveryCodes } = await turnOn();
      const anonymous = await postDisable(request("/api/admin/account/two-factor/disable", { body: { password: PASSWORD, code: recoveryCodes[0] } }));
      expect(anonymous.status).toBe(401);
      const crossSite = await postDisable(
        request("/api/admin/account/two-factor/disable", { cookies: [cookie], body: { password: PASSWORD, code: recoveryCodes[0] }, headers: { origin: "https://evil.example" } }),
      );
      expect(crossSite.status).toBe(403);
      expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    });
  });
});
