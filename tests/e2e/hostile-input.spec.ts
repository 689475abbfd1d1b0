// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { randomBytes, scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { surveySchema } from "@/lib/validation/survey-schema";
import { withoutSpoofingControls } from "@/lib/validation/limits";
import { carriesLiveSession, contactRequests, expectedAdminStatuses, expectedLoginStatus, expectedSubmissionStatus, HTTP_METHODS, loginRequests, resolveAdminRequest, surveyRequests, unusualContact, unusualSurvey, UNUSUAL_TEXTS, adminRequests, type AdminEndpoint, type HostileRequest } from "../support/hostile-requests";
import { listContacts, listSurveys, logInAdmin, SESSION_COOKIE, sessionCookieNameFor } from "../support/admin-client";
import { validContact, validSurvey } from "../support/api-request";
import { createFreshPostgres, type FreshPostgres } from "../support/fresh-postgres";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { jsonBodyOf, sendRaw, type RawResponse } from "../support/raw-http";

/** An object as JSON with its keys in order: rows and what was sent compare whatever order each lists its fields in. */
function canonical(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Hostile input, generated: fast-check builds requests with wrong types, missing and
 * extra fields, huge strings, deep nesting, invalid UTF-8, control characters, SQL and
 * script fragments, wrong methods and content types, forged cookies and malformed ids,
 * and sends them to a production server. Each answer must be the one the validation
 * rules give (a JSON 4xx, or a 2xx for a payload that happens to be valid), never a
 * 5xx, and the server must stay up. The seed is fixed, so a failure replays exactly.
 */

const SEED = 20_260_523;
const BATCH = 8;
/**
 * Requests per test. The public forms and the login parse what anyone can send, so they get the
 * most; a back-office endpoint is reached only through the same session and origin guards, and
 * its own validation sees what passes them, so fewer per endpoint still cover every guard's answer.
 */
const PAYLOADS = { sqlite: 1000, postgres: 200 } as const;
const ADMIN_ENDPOINT_REQUESTS = { sqlite: 300, postgres: 100 } as const;
const ADMIN = { username: "admin", password: "hostile-input-password-123" };

/**
 * The admin password as ADMIN_PASSWORD_HASH at a lower scrypt cost (N = 2^10 instead of
 * 2^15): the login code path is the same, and a thousand logins fit the time budget.
 */
function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [
  { name: "GET /api/admin/contacts", method: "GET", path: () => "/api/admin/contacts", hasId: false, mutates: false },
  { name: "GET /api/admin/surveys", method: "GET", path: () => "/api/admin/surveys", hasId: false, mutates: false },
  { name: "POST /api/admin/contacts/{id}/view", method: "POST", path: (id) => `/api/admin/contacts/${id}/view`, hasId: true, mutates: true },
  { name: "POST /api/admin/surveys/{id}/view", method: "POST", path: (id) => `/api/admin/surveys/${id}/view`, hasId: true, mutates: true },
  { name: "DELETE /api/admin/contacts/{id}", method: "DELETE", path: (id) => `/api/admin/contacts/${id}`, hasId: true, mutates: true },
  { name: "DELETE /api/admin/surveys/{id}", method: "DELETE", path: (id) => `/api/admin/surveys/${id}`, hasId: true, mutates: true },
  { name: "GET /api/admin/contacts.csv", method: "GET", path: () => "/api/admin/contacts.csv", hasId: false, mutates: false },
  { name: "GET /api/admin/surveys.csv", method: "GET", path: () => "/api/admin/surveys.csv", hasId: false, mutates: false },
  { name: "GET /api/admin/counts", method: "GET", path: () => "/api/admin/counts", hasId: false, mutates: false },
  { name: "GET /api/admin/check-auth", method: "GET", path: () => "/api/admin/check-auth", hasId: false, mutates: false },
  { name: "POST /api/admin/logout", method: "POST", path: () => "/api/admin/logout", hasId: false, mutates: true, public: true },
  // The lead desk: its answers past the guards depend on the query or body it validates.
  { name: "GET /api/admin/leads", method: "GET", path: () => "/api/admin/leads", hasId: false, mutates: false, answers: [200, 400], otherMethods: ["POST"] },
  { name: "GET /api/admin/leads/{id}", method: "GET", path: (id) => `/api/admin/leads/${id}`, hasId: true, mutates: false, otherMethods: ["PATCH", "DELETE"] },
  { name: "PATCH /api/admin/leads/{id}", method: "PATCH", path: (id) => `/api/admin/leads/${id}`, hasId: true, mutates: true, answers: [200, 400, 404, 413, 415], otherMethods: ["GET", "HEAD", "DELETE"] },
  { name: "POST /api/admin/leads/{id}/view", method: "POST", path: (id) => `/api/admin/leads/${id}/view`, hasId: true, mutates: true, answers: [204, 404] },
  { name: "POST /api/admin/leads/{id}/notes", method: "POST", path: (id) => `/api/admin/leads/${id}/notes`, hasId: true, mutates: true, answers: [201, 400, 404, 413, 415] },
  { name: "PATCH /api/admin/leads/{id}/notes/{noteId}", method: "PATCH", path: (id) => `/api/admin/leads/1/notes/${id}`, hasId: true, mutates: true, answers: [200, 400, 404, 413, 415], otherMethods: ["DELETE"] },
  { name: "DELETE /api/admin/leads/{id}/notes/{noteId}", method: "DELETE", path: (id) => `/api/admin/leads/1/notes/${id}`, hasId: true, mutates: true, answers: [204, 404], otherMethods: ["PATCH"] },
  { name: "POST /api/admin/leads/{id}/calls", method: "POST", path: (id) => `/api/admin/leads/${id}/calls`, hasId: true, mutates: true, answers: [201, 400, 404, 413, 415] },
  { name: "GET /api/admin/today", method: "GET", path: () => "/api/admin/today", hasId: false, mutates: false },
  // Replies and their templates (docs/lead-mail.md). Without SMTP a reply is a draft; 409 for a lead without an e-mail or "send" without SMTP.
  { name: "GET /api/admin/reply-templates", method: "GET", path: () => "/api/admin/reply-templates", hasId: false, mutates: false, otherMethods: ["POST"] },
  { name: "POST /api/admin/reply-templates", method: "POST", path: () => "/api/admin/reply-templates", hasId: false, mutates: true, answers: [201, 400, 413, 415], otherMethods: ["GET", "HEAD"] },
  { name: "GET /api/admin/reply-templates/{id}", method: "GET", path: (id) => `/api/admin/reply-templates/${id}`, hasId: true, mutates: false, otherMethods: ["PATCH", "DELETE"] },
  { name: "PATCH /api/admin/reply-templates/{id}", method: "PATCH", path: (id) => `/api/admin/reply-templates/${id}`, hasId: true, mutates: true, answers: [200, 400, 404, 413, 415], otherMethods: ["GET", "HEAD", "DELETE"] },
  { name: "DELETE /api/admin/reply-templates/{id}", method: "DELETE", path: (id) => `/api/admin/reply-templates/${id}`, hasId: true, mutates: true, answers: [204, 404], otherMethods: ["GET", "HEAD", "PATCH"] },
  { name: "GET /api/admin/leads/{id}/replies", method: "GET", path: (id) => `/api/admin/leads/${id}/replies`, hasId: true, mutates: false, otherMethods: ["POST"] },
  { name: "POST /api/admin/leads/{id}/replies", method: "POST", path: (id) => `/api/admin/leads/${id}/replies`, hasId: true, mutates: true, answers: [201, 400, 404, 409, 413, 415], otherMethods: ["GET", "HEAD"] },
  // Reports: 400 for a bad grouping, date or range (docs/reports.md).
  { name: "GET /api/admin/reports/leads", method: "GET", path: () => "/api/admin/reports/leads", hasId: false, mutates: false, answers: [200, 400] },
  { name: "GET /api/admin/reports/speed", method: "GET", path: () => "/api/admin/reports/speed", hasId: false, mutates: false, answers: [200, 400] },
  // The privacy controls (docs/privacy-controls.md).
  { name: "DELETE /api/admin/leads/{id}", method: "DELETE", path: (id) => `/api/admin/leads/${id}`, hasId: true, mutates: true, answers: [204, 404], otherMethods: ["GET", "HEAD", "PATCH"] },
  { name: "GET /api/admin/leads/{id}/export", method: "GET", path: (id) => `/api/admin/leads/${id}/export`, hasId: true, mutates: false },
  { name: "GET /api/admin/account/audit", method: "GET", path: () => "/api/admin/account/audit", hasId: false, mutates: false, answers: [200, 400] },
  { name: "POST /api/admin/leads", method: "POST", path: () => "/api/admin/leads", hasId: false, mutates: true, answers: [201, 400, 409, 413, 415], otherMethods: ["GET", "HEAD"] },
  // Push to the owner's devices (docs/push.md).
  { name: "GET /api/admin/push/key", method: "GET", path: () => "/api/admin/push/key", hasId: false, mutates: false },
  { name: "GET /api/admin/push/subscriptions", method: "GET", path: () => "/api/admin/push/subscriptions", hasId: false, mutates: false, otherMethods: ["POST"] },
  { name: "POST /api/admin/push/subscriptions", method: "POST", path: () => "/api/admin/push/subscriptions", hasId: false, mutates: true, answers: [201, 400, 413, 415], otherMethods: ["GET", "HEAD"] },
  { name: "DELETE /api/admin/push/subscriptions/{id}", method: "DELETE", path: (id) => `/api/admin/push/subscriptions/${id}`, hasId: true, mutates: true, answers: [204, 404] },
];

/** A short, printable account of a request for failure messages (bodies can be 70 KB). */
function describeRequest(request: HostileRequest): string {
  const body = request.body ?? new Uint8Array();
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value.length > 120 ? `${value.slice(0, 120)}… (${value.length})` : value]));
  return [
    `${request.method} ${request.path.slice(0, 300)}${request.chunked ? " (chunked)" : ""}`,
    `headers: ${JSON.stringify(headers)}`,
    `body (${body.byteLength} bytes): ${JSON.stringify(Buffer.from(body.slice(0, 300)).toString("utf8"))}`,
  ].join("\n");
}

/** What a client sees: the expected status, and a JSON `{ error }` on every 4xx that has a body. */
function expectAnswer(response: RawResponse, expected: readonly number[], request: HostileRequest): void {
  const where = describeRequest(request);
  expect(expected, `answered ${response.status}, expected ${expected.join(" or ")}: ${response.body.toString("utf8").slice(0, 300)}\n${where}`).toContain(response.status);
  if (request.method === "HEAD" || response.status === 204) return;
  if (response.status >= 400) {
    expect(response.headers["content-type"], where).toMatch(/^application\/json/);
    const body = jsonBodyOf(response) as { error?: unknown } | undefined;
    expect(typeof body?.error, where).toBe("string");
  }
}

/** Sends `payloads` generated values in concurrent batches; stops at the first wrong answer. */
async function checkGenerated<T>(arbitrary: fc.Arbitrary<T>, payloads: number, check: (value: T) => Promise<void>, batch = BATCH): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: batch, maxLength: batch }), async (values) => {
      await Promise.all(values.map(check));
    }),
    {
      seed: SEED,
      numRuns: Math.ceil(payloads / batch),
      // The failing request is in the message already; shrinking would resend 70 KB bodies for minutes.
      endOnFailure: true,
      reporter: (details) => {
        if (!details.failed) return;
        const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(`Generated request failed (seed ${details.seed}, path "${details.counterexamplePath}"):\n${reason}`);
      },
    },
  );
}

function decodeBody(request: HostileRequest): unknown {
  return JSON.parse(Buffer.from(request.body ?? new Uint8Array()).toString("utf8"));
}

/** Lone surrogates cannot be stored as UTF-8; both engines keep U+FFFD in their place. */
const stored = (text: string) => text.toWellFormed();

function tally(statuses: Map<number, number>, status: number): void {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

const summary = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");

for (const engine of ["sqlite", "postgres"] as const) {
  const payloads = PAYLOADS[engine];
  const adminRequestCount = ADMIN_ENDPOINT_REQUESTS[engine];

  test.describe(`hostile input against the production server on ${engine}`, () => {
    test.describe.configure({ mode: "default", timeout: 150_000 });
    test.skip(engine === "postgres" && process.env.SKIP_POSTGRES === "1", "SKIP_POSTGRES=1");

    let server: RunningServer | undefined;
    let database: FreshPostgres | undefined;
    let dataDir: string | undefined;
    let sessionToken = "";
    const url = () => server!.url;

    test.beforeAll(async () => {
      let databaseEnv: Record<string, string | undefined>;
      if (engine === "postgres") {
        database = await createFreshPostgres("hostile_input");
        databaseEnv = { DATABASE_URL: database.url, DATABASE_PATH: undefined };
      } else {
        dataDir = mkdtempSync(path.join(os.tmpdir(), "hostile-input-"));
        databaseEnv = { DATABASE_PATH: path.join(dataDir, "site.db"), DATABASE_URL: undefined };
      }
      server = await startProductionServer({
        ...databaseEnv,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: undefined,
        ADMIN_PASSWORD_HASH: cheapPasswordHash(ADMIN.password),
        RATE_LIMIT_MULTIPLIER: "100000",
        TRUST_PROXY_HOPS: undefined,
        SMTP_URL: undefined,
      });
      sessionToken = decodeURIComponent((await logInAdmin(server.url, ADMIN)).slice(SESSION_COOKIE.length + 1));
    });

    test.afterAll(async () => {
      await server?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test.afterEach(async () => {
      // The server is still up and still healthy after every batch of abuse.
      expect(server?.process.exitCode, server?.output().slice(-2000)).toBeNull();
      expect((await fetch(`${url()}/api/health`)).status).toBe(200);
    });

    test(`POST /api/contact: ${payloads} generated payloads get the answer the rules give, and every acknowledged one is stored as validated`, async () => {
      const before = new Set((await listContacts(url(), `${SESSION_COOKIE}=${sessionToken}`)).map((row) => row.id));
      // The 201 names no id (issue 27): every acknowledged submission is found by what it holds, a folded twin once.
      const acknowledged = new Set<string>();
      const statuses = new Map<number, number>();
      await checkGenerated(contactRequests, payloads, async (request) => {
        const response = await sendRaw(url(), request);
        tally(statuses, response.status);
        expectAnswer(response, [expectedSubmissionStatus(request, contactRequestSchema)], request);
        if (response.status === 201) {
          expect(jsonBodyOf(response)).toEqual({ received: true });
          const data = contactRequestSchema.parse(decodeBody(request));
          // A filled honeypot is answered like a success and must not be stored.
          if (!data.website) {
            acknowledged.add(
              canonical({
                viewed: false,
                name: stored(data.name),
                email: data.email,
                phone: stored(data.phone),
                projectType: data.projectType,
                source: data.source ?? null,
                message: stored(data.message),
              }),
            );
          }
        }
      });
      const rows = (await listContacts(url(), `${SESSION_COOKIE}=${sessionToken}`)).filter((row) => !before.has(row.id));
      expect(rows).toHaveLength(acknowledged.size);
      expect(new Set(rows.map(({ id: _id, createdAt: _createdAt, ...row }) => canonical(row)))).toEqual(acknowledged);
      console.log(`[hostile-input ${engine}] POST /api/contact: ${payloads} payloads sent (${summary(statuses)}), ${acknowledged.size} stored and read back`);
    });

    test(`POST /api/survey: ${payloads} generated payloads get the answer the rules give, and every acknowledged one is stored as validated`, async () => {
      const before = new Set((await listSurveys(url(), `${SESSION_COOKIE}=${sessionToken}`)).map((row) => row.id));
      const acknowledged = new Set<string>();
      const statuses = new Map<number, number>();
      await checkGenerated(surveyRequests, payloads, async (request) => {
        const response = await sendRaw(url(), request);
        tally(statuses, response.status);
        expectAnswer(response, [expectedSubmissionStatus(request, surveySchema)], request);
        if (response.status === 201) {
          expect(jsonBodyOf(response)).toEqual({ received: true });
          const data = surveySchema.parse(decodeBody(request));
          if (!data.website) {
            acknowledged.add(
              canonical({
                viewed: false,
                businessName: stored(data.businessName),
                email: data.email,
                phoneNumber: stored(data.phoneNumber),
                address: stored(data.address),
                employeeCount: data.employeeCount,
                deviceCount: data.deviceCount,
                primaryInternetUse: stored(data.primaryInternetUse),
                usesStreaming: data.usesStreaming,
                hasPublicWifi: data.hasPublicWifi,
                phoneCount: data.phoneCount,
                interestedServices: data.interestedServices,
                additionalComments: stored(data.additionalComments),
              }),
            );
          }
        }
      });
      const rows = (await listSurveys(url(), `${SESSION_COOKIE}=${sessionToken}`)).filter((row) => !before.has(row.id));
      expect(rows).toHaveLength(acknowledged.size);
      expect(new Set(rows.map(({ id: _id, createdAt: _createdAt, ...row }) => canonical(row)))).toEqual(acknowledged);
      console.log(`[hostile-input ${engine}] POST /api/survey: ${payloads} payloads sent (${summary(statuses)}), ${acknowledged.size} stored and read back`);
    });

    test("valid submissions with emoji, right-to-left text, quotes and '; DROP TABLE are read back byte for byte", async () => {
      const cookie = `${SESSION_COOKIE}=${sessionToken}`;
      const contacts: Record<string, unknown>[] = [
        ...UNUSUAL_TEXTS.map((text) => ({ ...validContact, name: text, message: `${text} — message`, phone: [...text].length >= 10 && text.length <= 30 ? text : validContact.phone })),
        ...fc.sample(unusualContact, { seed: SEED, numRuns: 30 }),
      ];
      const surveys: Record<string, unknown>[] = [
        ...UNUSUAL_TEXTS.map((text) => ({ ...validSurvey, businessName: text, address: `${text} street`, primaryInternetUse: text, additionalComments: text })),
        ...fc.sample(unusualSurvey, { seed: SEED, numRuns: 30 }),
      ];
      const post = async (endpoint: string, body: Record<string, unknown>) => {
        const response = await fetch(`${url()}${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        expect(response.status, `${endpoint} ${JSON.stringify(body).slice(0, 300)}: ${await response.clone().text()}`).toBe(201);
      };
      const contactsBefore = new Set((await listContacts(url(), cookie)).map((row) => row.id));
      const surveysBefore = new Set((await listSurveys(url(), cookie)).map((row) => row.id));
      await Promise.all(contacts.map((body) => post("/api/contact", body)));
      await Promise.all(surveys.map((body) => post("/api/survey", body)));

      // The 201 names no id (issue 27): each one sent is found among the new rows by what it should hold.
      const contactRows = new Set((await listContacts(url(), cookie)).filter((row) => !contactsBefore.has(row.id)).map(({ id: _id, createdAt: _createdAt, viewed: _viewed, projectType: _type, ...row }) => canonical(row)));
      for (const sent of contacts) {
        // Names and business names are stored without bidi and line-separator controls (issue 27); the rest byte for byte.
        const expected = canonical({ name: withoutSpoofingControls(String(sent.name)), email: sent.email, phone: sent.phone, message: sent.message, source: sent.source ?? null });
        expect(contactRows.has(expected), `contact ${expected.slice(0, 300)}`).toBe(true);
      }
      const surveyRows = new Set(
        (await listSurveys(url(), cookie))
          .filter((row) => !surveysBefore.has(row.id))
          .map((row) =>
            canonical({ businessName: row.businessName, email: row.email, phoneNumber: row.phoneNumber, address: row.address, primaryInternetUse: row.primaryInternetUse, additionalComments: row.additionalComments, employeeCount: row.employeeCount, interestedServices: row.interestedServices }),
          ),
      );
      for (const sent of surveys) {
        const expected = canonical({
          businessName: withoutSpoofingControls(String(sent.businessName)),
          email: sent.email,
          phoneNumber: sent.phoneNumber,
          address: sent.address,
          primaryInternetUse: sent.primaryInternetUse,
          additionalComments: sent.additionalComments ?? "",
          employeeCount: Number(sent.employeeCount),
          interestedServices: sent.interestedServices ?? [],
        });
        expect(surveyRows.has(expected), `survey ${expected.slice(0, 300)}`).toBe(true);
      }
      console.log(`[hostile-input ${engine}] unusual text: ${contacts.length} contact requests and ${surveys.length} surveys read back byte for byte`);
    });

    test(`POST /api/admin/login: ${payloads} generated payloads get the answer the rules give`, async () => {
      const statuses = new Map<number, number>();
      await checkGenerated(loginRequests(ADMIN), payloads, async (generated) => {
        const { origin } = generated;
        const request = resolveAdminRequest(generated.request, "", url());
        const response = await sendRaw(url(), request);
        tally(statuses, response.status);
        expectAnswer(response, [expectedLoginStatus(request, origin, ADMIN)], request);
        const cookieName = sessionCookieNameFor(request.headers);
        const setsSession = (response.headers["set-cookie"] ?? []).some((cookie) => cookie.startsWith(`${cookieName}=`) && !cookie.includes("Max-Age=0"));
        expect(setsSession, describeRequest(request)).toBe(response.status === 200);
      });
      console.log(`[hostile-input ${engine}] POST /api/admin/login: ${payloads} payloads sent (${summary(statuses)})`);
    });

    for (const endpoint of ADMIN_ENDPOINTS) {
      test(`${endpoint.name}: ${adminRequestCount} generated requests with and without a session get the answer the guards give`, async () => {
        const statuses = new Map<number, number>();
        let sessionsEnded = 0;
        await checkGenerated(
          adminRequests(endpoint),
          adminRequestCount,
          async (generated) => {
            const token = sessionToken;
            const request = resolveAdminRequest(generated.request, token, url());
            const response = await sendRaw(url(), request);
            tally(statuses, response.status);
            expectAnswer(response, expectedAdminStatuses(endpoint, generated), request);
            if (endpoint.public && response.status === 200 && carriesLiveSession(generated.cookie)) {
              // Logged out: the old cookie is refused from now on, so sign in again to go on.
              sessionsEnded += 1;
              const check = await fetch(`${url()}/api/admin/check-auth`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
              expect(check.status).toBe(401);
              sessionToken = decodeURIComponent((await logInAdmin(url(), ADMIN)).slice(SESSION_COOKIE.length + 1));
            }
          },
          endpoint.public ? 1 : BATCH,
        );
        const ended = endpoint.public ? `, ${sessionsEnded} live sessions ended` : "";
        console.log(`[hostile-input ${engine}] ${endpoint.name}: ${adminRequestCount} requests sent (${summary(statuses)})${ended}`);
      });
    }

    test("methods outside the standard set are refused with a 4xx, TRACE gets a JSON 405 and echoes nothing, and the server stays up", async () => {
      const cookie = `${SESSION_COOKIE}=${sessionToken}`;
      for (const target of ["/api/contact", "/api/survey", "/api/admin/login", "/api/admin/contacts", "/api/admin/contacts/1", "/api/health"]) {
        for (const method of ["PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "LINK"]) {
          // Methods no endpoint serves: a 4xx (its `ALL` handler), never a 5xx.
          const response = await sendRaw(url(), { method, path: target, headers: { cookie } });
          expect(response.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${method} ${target}`).toBeLessThan(500);
        }
        await expectTraceRefused(target, cookie);
        for (const method of HTTP_METHODS) {
          const response = await sendRaw(url(), { method, path: target });
          expect(response.status, `${method} ${target}`).toBeLessThan(500);
        }
      }
      // Pages and files too: prerendered, rendered on demand, a hashed asset, an unknown path.
      const home = await sendRaw(url(), { method: "GET", path: "/" });
      const asset = /\/_astro\/[^"]+\.css/.exec(home.body.toString("utf8"))?.[0];
      expect(asset, "a stylesheet of the build linked from /").toBeDefined();
      for (const target of ["/", "/blog/sd-wan-vs-mpls", "/contact", "/admin/contacts", asset!, "/no-such-page"]) {
        await expectTraceRefused(target, cookie);
      }
    });

    /** TRACE gets a JSON 405 (Node cannot build a fetch Request for it) and nothing is echoed. */
    async function expectTraceRefused(target: string, cookie: string) {
      const trace = await sendRaw(url(), { method: "TRACE", path: target, headers: { cookie, "x-secret": "trace-me" } });
      expect(trace.status, `TRACE ${target}`).toBe(405);
      expect(trace.headers.allow, `TRACE ${target}`).toBeTruthy();
      expect(jsonBodyOf(trace), `TRACE ${target}`).toEqual({ error: "Method not allowed." });
      expect(trace.body.toString("utf8")).not.toContain(sessionToken);
      expect(trace.body.toString("utf8")).not.toContain("trace-me");
    }
  });
}
