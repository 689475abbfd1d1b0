import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as checkAuthEndpoint from "@/pages/api/admin/check-auth";
import * as contactsCsvEndpoint from "@/pages/api/admin/contacts.csv";
import * as contactEndpoint from "@/pages/api/admin/contacts/[id]";
import * as contactViewEndpoint from "@/pages/api/admin/contacts/[id]/view";
import * as contactsEndpoint from "@/pages/api/admin/contacts";
import * as countsEndpoint from "@/pages/api/admin/counts";
import * as loginEndpoint from "@/pages/api/admin/login";
import * as logoutEndpoint from "@/pages/api/admin/logout";
import * as surveysCsvEndpoint from "@/pages/api/admin/surveys.csv";
import * as surveyEndpoint from "@/pages/api/admin/surveys/[id]";
import * as surveyViewEndpoint from "@/pages/api/admin/surveys/[id]/view";
import * as surveysEndpoint from "@/pages/api/admin/surveys";
import type { ContactRequestInput } from "@/lib/validation/contact-request-schema";
import type { SurveyInput } from "@/lib/validation/survey-schema";
import { resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE, SESSION_IDLE_TTL_MS, hashSessionToken } from "@/server/auth/admin-session";
import { LOGIN_FAILURE_LIMIT } from "@/server/auth/login-guard";
import { createAdminSession, touchAdminSession } from "@/server/auth/admin-sessions";
import { callEndpoint, type EndpointCall, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { listSubmissions } from "@/server/leads/stored-submissions";
import { submitLead } from "../support/submit-lead";

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://127.0.0.1:3000";
const INVALID_LOGIN = { error: "Invalid username or password." };

type Params = Record<string, string>;

const getCheckAuth = callEndpoint(checkAuthEndpoint.GET);
const getContactsCsv = callEndpoint(contactsCsvEndpoint.GET);
const deleteContact = callEndpoint(contactEndpoint.DELETE);
const viewContact = callEndpoint(contactViewEndpoint.POST);
const getContacts = callEndpoint(contactsEndpoint.GET);
const getCounts = callEndpoint(countsEndpoint.GET);
const postLogin = callEndpoint(loginEndpoint.POST);
const otherLoginMethods = callEndpoint(loginEndpoint.ALL);
const postLogout = callEndpoint(logoutEndpoint.POST);
const getSurveysCsv = callEndpoint(surveysCsvEndpoint.GET);
const deleteSurvey = callEndpoint(surveyEndpoint.DELETE);
const viewSurvey = callEndpoint(surveyViewEndpoint.POST);
const getSurveys = callEndpoint(surveysEndpoint.GET);

type Endpoint = { name: string; method: string; handler: EndpointCall; path: (id: number) => string; id?: boolean };

/** Every admin route module that needs a session, with the method it serves. */
const SESSION_ENDPOINTS: readonly Endpoint[] = [
  { name: "GET surveys", method: "GET", handler: getSurveys, path: () => "/api/admin/surveys" },
  { name: "DELETE surveys/[id]", method: "DELETE", handler: deleteSurvey, path: (id) => `/api/admin/surveys/${id}`, id: true },
  { name: "POST surveys/[id]/view", method: "POST", handler: viewSurvey, path: (id) => `/api/admin/surveys/${id}/view`, id: true },
  { name: "GET contacts", method: "GET", handler: getContacts, path: () => "/api/admin/contacts" },
  { name: "DELETE contacts/[id]", method: "DELETE", handler: deleteContact, path: (id) => `/api/admin/contacts/${id}`, id: true },
  { name: "POST contacts/[id]/view", method: "POST", handler: viewContact, path: (id) => `/api/admin/contacts/${id}/view`, id: true },
  { name: "GET surveys.csv", method: "GET", handler: getSurveysCsv, path: () => "/api/admin/surveys.csv" },
  { name: "GET contacts.csv", method: "GET", handler: getContactsCsv, path: () => "/api/admin/contacts.csv" },
  { name: "GET counts", method: "GET", handler: getCounts, path: () => "/api/admin/counts" },
  { name: "GET check-auth", method: "GET", handler: getCheckAuth, path: () => "/api/admin/check-auth" },
];

let addressCounter = 0;
/** A new client address per call site, so login limits never leak between tests. */
function nextAddress(): string {
  addressCounter += 1;
  return `192.0.2.${addressCounter % 250}`;
}

function adminRequest(
  path: string,
  options: { method?: string; token?: string; headers?: Record<string, string>; address?: string } = {},
): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: options.method ?? "GET",
    headers: {
      "x-forwarded-for": options.address ?? "203.0.113.50",
      ...(options.token === undefined ? {} : { cookie: `theme=dark; ${SESSION_COOKIE}=${options.token}` }),
      ...options.headers,
    },
  });
}

const withId = (id: number | string): Params => ({ id: String(id) });
const noParams: Params = {};

function login(body: unknown, options: { address?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return postLogin(jsonRequest("/api/admin/login", body, { address: options.address ?? nextAddress(), headers: options.headers }));
}

function sessionToken(response: Response): string {
  const cookie = response.headers.get("set-cookie") ?? "";
  const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(cookie);
  if (!match?.[1]) throw new Error(`no session cookie in: ${cookie}`);
  return decodeURIComponent(match[1]);
}

async function logIn(): Promise<string> {
  const response = await login({ username: "admin", password: PASSWORD });
  expect(response.status).toBe(200);
  return sessionToken(response);
}

async function checkAuth(token: string | undefined): Promise<number> {
  return (await getCheckAuth(adminRequest("/api/admin/check-auth", { token }), noParams)).status;
}

async function addSurvey(overrides: Partial<SurveyInput> = {}) {
  return submitLead("survey", { ...validSurvey, ...overrides });
}

async function addContact(overrides: Partial<ContactRequestInput> = {}) {
  return submitLead("contact", { ...validContact, ...overrides });
}

/** The records of an export as a spreadsheet reads them (csv-parse, RFC 4180). */
function parseCsv(text: string): string[][] {
  return parse(text);
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
});

describeEachEngine("admin API", () => {
  describe("POST /api/admin/login", () => {
    it("answers 200 and sets an HttpOnly, SameSite=Strict, Path=/ session cookie that is not Secure over plain HTTP", async () => {
      const response = await login({ username: "admin", password: PASSWORD });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ authenticated: true, username: "admin" });
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{40,};`));
      const attributes = cookie.split(";").map((part) => part.trim());
      expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/"]));
      expect(attributes).not.toContain("Secure");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await checkAuth(sessionToken(response))).toBe(200);
    });

    it("marks the cookie Secure when the visitor reached us over HTTPS", async () => {
      const response = await login({ username: "admin", password: PASSWORD }, { headers: { "x-forwarded-proto": "https" } });
      expect(response.status).toBe(200);
      expect((response.headers.get("set-cookie") ?? "").split(";").map((part) => part.trim())).toContain("Secure");
    });

    it("issues a new token at every login and ends the session the browser still held", async () => {
      const first = await logIn();
      const again = await postLogin(
        jsonRequest("/api/admin/login", { username: "admin", password: PASSWORD }, { address: nextAddress(), headers: { cookie: `${SESSION_COOKIE}=${first}` } }),
      );
      expect(again.status).toBe(200);
      const second = sessionToken(again);
      expect(second).not.toBe(first);
      expect(await checkAuth(second)).toBe(200);
      expect(await checkAuth(first)).toBe(401);
      const third = await logIn();
      expect(new Set([first, second, third]).size).toBe(3);
    });

    it("answers 401 with the same body for a wrong password and for an unknown username, and sets no cookie", async () => {
      const wrongPassword = await login({ username: "admin", password: "nope" });
      const unknownUser = await login({ username: "root", password: PASSWORD });
      for (const response of [wrongPassword, unknownUser]) {
        expect(response.status).toBe(401);
        expect(response.headers.get("set-cookie")).toBeNull();
      }
      expect(await wrongPassword.json()).toEqual(INVALID_LOGIN);
      expect(await unknownUser.json()).toEqual(INVALID_LOGIN);
    });

    it("answers 400 with the §5 messages for missing or empty fields", async () => {
      for (const body of [{}, { username: "", password: "" }]) {
        const response = await login(body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ fields: { username: "Username is required", password: "Password is required" } });
      }
    });

    it("answers 415 for another content type, 413 for an oversized body and 400 for malformed JSON", async () => {
      const wrongType = await postLogin(jsonRequest("/api/admin/login", { username: "admin", password: PASSWORD }, { contentType: "text/plain", address: nextAddress() }));
      expect(wrongType.status).toBe(415);
      const huge = await login({ username: "admin", password: "x".repeat(70 * 1024) });
      expect(huge.status).toBe(413);
      const malformed = await postLogin(jsonRequest("/api/admin/login", null, { raw: '{"username": "admin",', address: nextAddress() }));
      expect(malformed.status).toBe(400);
      const array = await login([{ username: "admin", password: PASSWORD }]);
      expect(array.status).toBe(400);
      for (const response of [wrongType, huge, malformed, array]) expect(await response.json()).toHaveProperty("error");
    });

    it("after 5 failures for a username makes unknown browsers wait a minute (429 and Retry-After), even from another address and with the right password", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-01-01T10:00:00Z"));
      expect(LOGIN_FAILURE_LIMIT.limit).toBe(5);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login({ username: "admin", password: `wrong-${attempt}` })).status).toBe(401);
      }
      const blocked = await login({ username: "admin", password: PASSWORD }, { address: "198.51.100.200" });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toBe("60");
      expect(blocked.headers.get("set-cookie")).toBeNull();
      // The limit is per username, case-insensitively.
      expect((await login({ username: "ADMIN", password: PASSWORD })).status).toBe(429);
    });

    it("after 5 failures from one address refuses another username from there too", async () => {
      const address = nextAddress();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login({ username: `guess-${attempt}`, password: "nope" }, { address })).status).toBe(401);
      }
      const blocked = await login({ username: "admin", password: PASSWORD }, { address });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await login({ username: "admin", password: PASSWORD })).status).toBe(200);
    });

    it("a successful login resets the failure count, and a block ends when its window has passed", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-01-01T12:00:00Z"));
      const address = nextAddress();
      for (let attempt = 0; attempt < 4; attempt += 1) await login({ username: "admin", password: "nope" }, { address });
      expect((await login({ username: "admin", password: PASSWORD }, { address })).status).toBe(200);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await login({ username: "admin", password: "nope" }, { address })).status).toBe(401);
      }
      expect((await login({ username: "admin", password: PASSWORD }, { address })).status).toBe(200);

      for (let attempt = 0; attempt < 5; attempt += 1) await login({ username: "admin", password: "nope" }, { address });
      expect((await login({ username: "admin", password: PASSWORD }, { address })).status).toBe(429);
      vi.setSystemTime(Date.now() + LOGIN_FAILURE_LIMIT.windowMs + 1000);
      expect((await login({ username: "admin", password: PASSWORD }, { address })).status).toBe(200);
    });

    it("refuses a cross-site login with 403 and answers other methods with 405", async () => {
      const crossSite = await login({ username: "admin", password: PASSWORD }, { headers: { origin: "https://evil.example" } });
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get("set-cookie")).toBeNull();
      const get = await otherLoginMethods(adminRequest("/api/admin/login"));
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      expect(await get.json()).toEqual({ error: "Method not allowed. Use POST." });
      const options = await otherLoginMethods(adminRequest("/api/admin/login", { method: "OPTIONS" }));
      expect(options.status).toBe(204);
      expect(options.headers.get("allow")).toBe("POST, OPTIONS");
    });
  });

  describe("GET /api/admin/check-auth", () => {
    it("answers 200 with a session and 401 JSON without one", async () => {
      const token = await logIn();
      const ok = await getCheckAuth(adminRequest("/api/admin/check-auth", { token }), noParams);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ authenticated: true, username: "admin" });
      const anonymous = await getCheckAuth(adminRequest("/api/admin/check-auth"), noParams);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Authentication required." });
    });
  });

  describe("every admin endpoint without a valid session", () => {
    async function expectRefused(token: string | undefined, label: string): Promise<void> {
      const survey = await addSurvey();
      const contact = await addContact();
      for (const endpoint of SESSION_ENDPOINTS) {
        const id = endpoint.path(0).includes("contacts/") ? contact.id : survey.id;
        const response = await endpoint.handler(adminRequest(endpoint.path(id), { method: endpoint.method, token }), withId(id));
        expect(response.status, `${endpoint.name} ${label}`).toBe(401);
        expect(response.headers.get("content-type"), `${endpoint.name} ${label}`).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: "Authentication required." });
      }
      // Nothing was viewed or deleted.
      expect((await listSubmissions("survey")).map((row) => [row.id, row.viewed])).toContainEqual([survey.id, false]);
      expect((await listSubmissions("contact")).map((row) => [row.id, row.viewed])).toContainEqual([contact.id, false]);
    }

    it("answers 401 JSON with no cookie and with a made-up one", async () => {
      await expectRefused(undefined, "without a cookie");
      await expectRefused("forged-token-value", "with a forged cookie");
      await expectRefused("x".repeat(500), "with an oversized cookie");
    });

    it("answers 401 JSON with the cookie of a session that logged out", async () => {
      const token = await logIn();
      const logout = await postLogout(adminRequest("/api/admin/logout", { method: "POST", token }));
      expect(logout.status).toBe(200);
      await expectRefused(token, "after logout");
    });

    it("answers 401 JSON once a session has been idle too long", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-01-01T08:00:00Z"));
      const token = await logIn();
      expect(await checkAuth(token)).toBe(200);
      vi.setSystemTime(Date.now() + SESSION_IDLE_TTL_MS + 1000);
      await expectRefused(token, "when idle");
    });

    it("answers 401 JSON past the absolute lifetime even for a session in constant use", async () => {
      const token = "absolute-expiry-token-0123456789abcdef";
      const now = Date.now();
      await createAdminSession(hashSessionToken(token), now - SESSION_ABSOLUTE_TTL_MS - 1000, SESSION_ABSOLUTE_TTL_MS);
      await touchAdminSession(hashSessionToken(token), now);
      await expectRefused(token, "past the absolute lifetime");
    });

    it("accepts a session stored the same way while it is valid (the control for the tests above)", async () => {
      const token = "valid-session-token-0123456789abcdef";
      await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
      expect(await checkAuth(token)).toBe(200);
    });
  });

  describe("inbox lists", () => {
    it("GET /api/admin/surveys lists every submission newest first with the §3 fields plus id, createdAt and viewed", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-03-01T09:00:00Z"));
      const older = await addSurvey({ businessName: "Older Dental" });
      vi.setSystemTime(new Date("2030-03-01T10:00:00Z"));
      const newer = await addSurvey({ businessName: "Newer Dental", interestedServices: ["starlink"], additionalComments: "" });
      const token = await logIn();

      const response = await getSurveys(adminRequest("/api/admin/surveys", { token }), noParams);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as Record<string, unknown>[];
      expect(body.map((row) => row.id)).toEqual([newer.id, older.id]);
      expect(body[0]).toEqual({
        id: newer.id,
        createdAt: "2030-03-01T10:00:00.000Z",
        viewed: false,
        businessName: "Newer Dental",
        email: validSurvey.email,
        phoneNumber: validSurvey.phoneNumber,
        address: validSurvey.address,
        employeeCount: validSurvey.employeeCount,
        deviceCount: validSurvey.deviceCount,
        primaryInternetUse: validSurvey.primaryInternetUse,
        usesStreaming: validSurvey.usesStreaming,
        hasPublicWifi: validSurvey.hasPublicWifi,
        phoneCount: validSurvey.phoneCount,
        interestedServices: ["starlink"],
        additionalComments: "",
      });
    });

    it("GET /api/admin/contacts lists every request newest first with its fields, source included", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-03-01T09:00:00Z"));
      const older = await addContact({ name: "Older Person" });
      vi.setSystemTime(new Date("2030-03-01T09:30:00Z"));
      const newer = await addContact({ name: "Newer Person", source: "quote", projectType: "other" });
      const token = await logIn();

      const response = await getContacts(adminRequest("/api/admin/contacts", { token }), noParams);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>[];
      expect(body.map((row) => row.id)).toEqual([newer.id, older.id]);
      expect(body[0]).toEqual({
        id: newer.id,
        createdAt: "2030-03-01T09:30:00.000Z",
        viewed: false,
        name: "Newer Person",
        email: validContact.email,
        phone: validContact.phone,
        projectType: "other",
        source: "quote",
        message: validContact.message,
      });
      expect(body[1]).toMatchObject({ id: older.id, source: null });
    });

    it("GET /api/admin/counts counts the new items of each inbox", async () => {
      await addSurvey();
      const viewed = await addSurvey({ additionalComments: "A second survey from the same office." });
      await addContact();
      const token = await logIn();
      await viewSurvey(adminRequest(`/api/admin/surveys/${viewed.id}/view`, { method: "POST", token }), withId(viewed.id));
      const response = await getCounts(adminRequest("/api/admin/counts", { token }), noParams);
      expect(response.status).toBe(200);
      // The two surveys are one lead; the contact is another. No follow-up is set.
      expect(await response.json()).toEqual({ surveys: 1, contacts: 1, leadsNew: 2, followUpsDue: 0 });
    });
  });

  // Each item differs: an identical one within 10 minutes would be folded into the first.
  let added = 0;
  const inboxes = [
    { name: "surveys", add: () => addSurvey({ additionalComments: `Survey number ${++added}.` }), list: () => listSubmissions("survey"), view: viewSurvey, remove: deleteSurvey },
    { name: "contacts", add: () => addContact({ message: `Contact request number ${++added}.` }), list: () => listSubmissions("contact"), view: viewContact, remove: deleteContact },
  ] as const;

  for (const inbox of inboxes) {
    describe(`${inbox.name}: view and delete`, () => {
      it(`POST /api/admin/${inbox.name}/{id}/view answers 200, the item is then viewed, and marking twice is fine`, async () => {
        const item = await inbox.add();
        const other = await inbox.add();
        const token = await logIn();
        for (let round = 0; round < 2; round += 1) {
          const response = await inbox.view(adminRequest(`/api/admin/${inbox.name}/${item.id}/view`, { method: "POST", token }), withId(item.id));
          expect(response.status).toBe(200);
          expect(await response.json()).toEqual({ id: item.id, viewed: true });
        }
        const rows = await inbox.list();
        expect(rows.find((row) => row.id === item.id)?.viewed).toBe(true);
        expect(rows.find((row) => row.id === other.id)?.viewed).toBe(false);
      });

      it(`answers 404 for an unknown id and 400 for a malformed one (view and delete)`, async () => {
        const item = await inbox.add();
        const token = await logIn();
        const unknown = item.id + 1000;
        const view404 = await inbox.view(adminRequest(`/api/admin/${inbox.name}/${unknown}/view`, { method: "POST", token }), withId(unknown));
        expect(view404.status).toBe(404);
        expect(await view404.json()).toEqual({ error: "Not found." });
        const delete404 = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/${unknown}`, { method: "DELETE", token }), withId(unknown));
        expect(delete404.status).toBe(404);
        for (const bad of ["abc", "0", "-1", "1.5", "1e3", " 1", "99999999999999999999"]) {
          const view = await inbox.view(adminRequest(`/api/admin/${inbox.name}/x/view`, { method: "POST", token }), withId(bad));
          expect(view.status, `view ${bad}`).toBe(400);
          expect(await view.json()).toEqual({ error: "Malformed id." });
          const remove = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/x`, { method: "DELETE", token }), withId(bad));
          expect(remove.status, `delete ${bad}`).toBe(400);
        }
        expect((await inbox.list()).map((row) => row.id)).toEqual([item.id]);
      });

      it(`DELETE /api/admin/${inbox.name}/{id} answers 200, the item is gone, and a second delete is 404`, async () => {
        const item = await inbox.add();
        const kept = await inbox.add();
        const token = await logIn();
        const first = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/${item.id}`, { method: "DELETE", token }), withId(item.id));
        expect(first.status).toBe(200);
        expect(await first.json()).toEqual({ id: item.id, deleted: true });
        expect((await inbox.list()).map((row) => row.id)).toEqual([kept.id]);
        const again = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/${item.id}`, { method: "DELETE", token }), withId(item.id));
        expect(again.status).toBe(404);
      });

      it("refuses cross-origin view and delete with 403 and changes nothing; same-origin requests go through", async () => {
        const item = await inbox.add();
        const token = await logIn();
        const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "null" }];
        for (const headers of foreign) {
          const view = await inbox.view(adminRequest(`/api/admin/${inbox.name}/${item.id}/view`, { method: "POST", token, headers }), withId(item.id));
          expect(view.status, JSON.stringify(headers)).toBe(403);
          const remove = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/${item.id}`, { method: "DELETE", token, headers }), withId(item.id));
          expect(remove.status, JSON.stringify(headers)).toBe(403);
          expect(await remove.json()).toHaveProperty("error");
        }
        expect(await inbox.list()).toEqual([expect.objectContaining({ id: item.id, viewed: false })]);

        const sameOrigin = { host: "127.0.0.1:3000", origin: ORIGIN, "sec-fetch-site": "same-origin" };
        const view = await inbox.view(adminRequest(`/api/admin/${inbox.name}/${item.id}/view`, { method: "POST", token, headers: sameOrigin }), withId(item.id));
        expect(view.status).toBe(200);
        const remove = await inbox.remove(adminRequest(`/api/admin/${inbox.name}/${item.id}`, { method: "DELETE", token, headers: sameOrigin }), withId(item.id));
        expect(remove.status).toBe(200);
        expect(await inbox.list()).toEqual([]);
      });
    });
  }

  describe("POST /api/admin/logout", () => {
    it("ends the session on the server and clears the cookie", async () => {
      const token = await logIn();
      const response = await postLogout(adminRequest("/api/admin/logout", { method: "POST", token }));
      expect(response.status).toBe(200);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(cookie).toContain("Max-Age=0");
      expect(await checkAuth(token)).toBe(401);
      expect((await getSurveys(adminRequest("/api/admin/surveys", { token }), noParams)).status).toBe(401);
    });

    it("refuses a cross-site logout with 403 and the session stays", async () => {
      const token = await logIn();
      const response = await postLogout(adminRequest("/api/admin/logout", { method: "POST", token, headers: { origin: "https://evil.example" } }));
      expect(response.status).toBe(403);
      expect(await checkAuth(token)).toBe(200);
    });
  });

  describe("CSV exports", () => {
    it("GET /api/admin/surveys.csv is an RFC 4180 attachment with a BOM and formula cells defused", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2030-05-06T15:00:00Z"));
      const survey = await addSurvey({
        businessName: "=HYPERLINK(\"http://evil.example\",\"x\")",
        address: "12 Pine St, Greenville, SC",
        primaryInternetUse: "+1 streaming",
        phoneNumber: "-864 555 0123",
        additionalComments: 'He said "hi"\nsecond line',
        interestedServices: ["voip", "starlink"],
      });
      const token = await logIn();
      const response = await getSurveysCsv(adminRequest("/api/admin/surveys.csv", { token }), noParams);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="surveys-2030-05-06.csv"');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
      expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
      expect(text).toContain('"He said ""hi""\nsecond line"');
      expect(text.endsWith("\r\n")).toBe(true);
      const rows = parseCsv(text);
      expect(rows[0]).toEqual([
        "id", "createdAt", "status", "businessName", "email", "phoneNumber", "address", "employeeCount", "deviceCount",
        "primaryInternetUse", "usesStreaming", "hasPublicWifi", "phoneCount", "interestedServices", "additionalComments",
      ]);
      expect(rows[1]).toEqual([
        String(survey.id), "2030-05-06T15:00:00.000Z", "New", "'=HYPERLINK(\"http://evil.example\",\"x\")", validSurvey.email,
        "'-864 555 0123", "12 Pine St, Greenville, SC", "12", "40", "'+1 streaming", "no", "yes", "6",
        "VoIP Phone Systems; Starlink Business", 'He said "hi"\nsecond line',
      ]);
      expect(rows).toHaveLength(2);
    });

    it("GET /api/admin/contacts.csv exports requests with labels, and @ cells defused", async () => {
      const contact = await addContact({ name: "@SUM(A1)", source: "quote", projectType: "other", message: "Line one, with a comma\r\nLine two" });
      const plain = await addContact({ name: "Plain Person" });
      const token = await logIn();
      const response = await getContactsCsv(adminRequest("/api/admin/contacts.csv", { token }), noParams);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = await response.text();
      const rows = parseCsv(text.replace(/^\uFEFF/, ""));
      expect(rows[0]).toEqual(["id", "createdAt", "status", "name", "email", "phone", "projectType", "source", "message"]);
      const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
      expect(byId.get(String(contact.id))?.slice(2)).toEqual([
        "New", "'@SUM(A1)", validContact.email, validContact.phone, "Other", "Get a Free Quote", "Line one, with a comma\r\nLine two",
      ]);
      expect(byId.get(String(plain.id))?.slice(6)).toEqual(["Managed Internet & Failover", "", validContact.message]);
    });
  });
});
