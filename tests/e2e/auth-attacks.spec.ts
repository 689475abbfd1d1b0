// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { logInAdmin, SESSION_COOKIE } from "../support/admin-client";
import { type RunningServer, startOwnerServer } from "../support/production-server";

/**
 * Attacks on the admin login and sessions, against a real server process (the API
 * tests in tests/api/api-admin.test.ts prove the rules on the endpoints).
 */

const ADMIN = { username: "admin", password: "auth-attacks-password-123" };
const ADMIN_API_DIR = path.join(process.cwd(), "src", "pages", "api", "admin");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/**
 * The only admin endpoints that answer without a session, and why: logging in (and its
 * second-factor step, which needs a pending login) and out, and the first-run setup link,
 * which stands in for a password (tests/api/api-admin-account.test.ts).
 */
const PUBLIC = new Set(["POST /api/admin/login", "POST /api/admin/logout", "POST /api/admin/login/second-factor", "POST /api/admin/setup", "POST /api/admin/setup/check"]);

/** Every admin endpoint file, as the URL a client calls (`[id]` filled with 1). */
function adminRoutes(): string[] {
  return (readdirSync(ADMIN_API_DIR, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `/api/admin/${file.slice(0, -".ts".length).split(path.sep).join("/")}`.replace(/\[[^\]]+\]/g, "1"))
    .sort();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

test.describe("authentication attacks against the production server", () => {
  test.describe.configure({ mode: "default", timeout: 120_000 });

  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    server = await startOwnerServer("auth-attacks-", ADMIN, {
      // Forty failed logins must reach the password check, not the lockout.
      RATE_LIMIT_MULTIPLIER: "100",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("an unknown username and a wrong password take the same time and get the same answer", async () => {
    const attempt = async (username: string, index: number) => {
      const started = performance.now();
      const response = await fetch(`${server!.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${index}` },
        body: JSON.stringify({ username, password: `wrong-password-${index}` }),
      });
      const body = await response.text();
      return { ms: performance.now() - started, status: response.status, body, cookie: response.headers.get("set-cookie") };
    };
    // Warm up both paths (route compilation, first scrypt, first database writes).
    for (let i = 0; i < 3; i += 1) {
      await attempt("admin", 200 + i);
      await attempt(`nobody-${i}`, 210 + i);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a slow patch of the machine hits both groups alike.
    for (let i = 0; i < 20; i += 1) {
      const right = await attempt(ADMIN.username, i + 1);
      const missing = await attempt(`nobody-${i}@example.com`, i + 101);
      for (const result of [right, missing]) {
        expect(result.status).toBe(401);
        expect(result.body).toBe(JSON.stringify({ error: "Invalid username or password." }));
        expect(result.cookie).toBeNull();
      }
      known.push(right.ms);
      unknown.push(missing.ms);
    }
    const ratio = median(unknown) / median(known);
    console.log(`[auth-attacks] login timing: right username + wrong password median ${median(known).toFixed(1)} ms, unknown username median ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  test("a direct client rotating X-Forwarded-For (and other address headers) is still limited by the address it connects from", async () => {
    // The limits as deployed (RATE_LIMIT_MULTIPLIER=1) and no trusted proxy (the default).
    const limited = await startOwnerServer("auth-attacks-limited-", ADMIN, {
      RATE_LIMIT_MULTIPLIER: "1",
      TRUST_PROXY_HOPS: undefined,
    });
    try {
      const answers: { status: number; retryAfter: string | null }[] = [];
      for (let index = 1; index <= 7; index += 1) {
        const forged = `198.51.100.${index}`;
        const response = await fetch(`${limited.url}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": forged, "x-real-ip": forged, forwarded: `for=${forged}` },
          // A new username each time, so only the per-address count can stop them.
          body: JSON.stringify({ username: `rotating-${index}`, password: "wrong-password" }),
        });
        await response.text();
        answers.push({ status: response.status, retryAfter: response.headers.get("retry-after") });
      }
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      for (const answer of answers.slice(5)) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      console.log(`[auth-attacks] rotating X-Forwarded-For: ${answers.map((answer) => answer.status).join(", ")}; Retry-After ${answers[5]?.retryAfter} s`);
    } finally {
      await limited.stop();
    }
  });

  test("a cookie stolen from a session that logged out is refused by every admin endpoint, while another session still works", async () => {
    const stolen = await logInAdmin(server!.url, ADMIN, "198.51.100.180");
    const other = await logInAdmin(server!.url, ADMIN, "198.51.100.181");
    expect((await fetch(`${server!.url}/api/admin/check-auth`, { headers: { cookie: stolen } })).status).toBe(200);
    const logout = await fetch(`${server!.url}/api/admin/logout`, { method: "POST", headers: { cookie: stolen } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0");

    for (const route of adminRoutes()) {
      for (const method of METHODS) {
        if (PUBLIC.has(`${method} ${route}`)) continue;
        const replayed = await fetch(`${server!.url}${route}`, { method, headers: { cookie: stolen } });
        expect([401, 405], `${method} ${route} with the logged-out cookie`).toContain(replayed.status);
      }
    }
    expect((await fetch(`${server!.url}/api/admin/check-auth`, { headers: { cookie: other } })).status).toBe(200);
    expect((await fetch(`${server!.url}/api/admin/contacts`, { headers: { cookie: other } })).status).toBe(200);
  });

  test("every admin endpoint under src/pages/api/admin answers 401 JSON without a session, with a forged one and with a malformed one", async () => {
    const routes = adminRoutes();
    // The enumeration itself must see the endpoints we know of, or it proves nothing.
    expect(routes).toEqual(expect.arrayContaining(["/api/admin/contacts", "/api/admin/contacts/1", "/api/admin/contacts/1/view", "/api/admin/surveys.csv", "/api/admin/check-auth", "/api/admin/login"]));
    const cookies = [undefined, `${SESSION_COOKIE}=${"A".repeat(43)}`, `${SESSION_COOKIE}=%E0%A4%A`, `${SESSION_COOKIE}=' OR '1'='1`];
    const served: string[] = [];
    for (const route of routes) {
      let guarded = false;
      for (const method of METHODS) {
        const endpoint = `${method} ${route}`;
        for (const cookie of cookies) {
          const response = await fetch(`${server!.url}${route}`, { method, headers: cookie ? { cookie } : {} });
          if (response.status === 405) continue;
          served.push(endpoint);
          if (PUBLIC.has(endpoint)) continue;
          expect(response.status, `${endpoint} with cookie ${cookie ?? "(none)"}`).toBe(401);
          expect(await response.json(), endpoint).toEqual({ error: "Authentication required." });
          guarded = true;
        }
      }
      if (!PUBLIC.has(`POST ${route}`)) expect(guarded, `${route} serves no method behind the session check`).toBe(true);
    }
    console.log(`[auth-attacks] ${routes.length} admin endpoint files, ${new Set(served).size} served endpoints, each refused without a valid session (public: ${[...PUBLIC].join(", ")})`);
  });
});
