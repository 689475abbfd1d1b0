// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { listContacts, logInAdmin, SESSION_COOKIE } from "../support/admin-client";
import { validContact, validSurvey } from "../support/api-request";
import { createFreshPostgres, databaseUrlVia, type FreshPostgres } from "../support/fresh-postgres";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startSwitchableTcpProxy, type SwitchableTcpProxy } from "../support/switchable-tcp-proxy";

/**
 * Outages: the database or the mail server goes away while the site runs. The site
 * says so honestly (503 with a JSON error), keeps its pages up, loses nothing, and
 * comes back by itself when the service does.
 */

const ADMIN = { username: "admin", password: "outage-password-123" };
const STATIC_PAGES = ["/", "/about", "/services", "/services/managed-internet", "/blog/sd-wan-vs-mpls", "/privacy"];
const RENDERED_PAGES = ["/contact", "/survey", "/admin/login"];

const baseEnv = {
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_PASSWORD_HASH: undefined,
  RATE_LIMIT_MULTIPLIER: "100000",
  SMTP_URL: undefined,
  MAIL_FROM: undefined,
  LEADS_TO: undefined,
};

async function post(url: string, target: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${url}${target}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function expectUnavailable(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(503);
  expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
  expect(response.headers.get("retry-after"), what).toBe("5");
  expect(((await response.json()) as { error?: unknown }).error, what).toEqual(expect.any(String));
}

/** What a visitor and the owner see while the database is away. */
async function expectDatabaseOutage(url: string, cookie: string | undefined, marker: string): Promise<void> {
  await expectUnavailable(await post(url, "/api/contact", { ...validContact, message: `During the outage [${marker}]` }), "POST /api/contact");
  await expectUnavailable(await post(url, "/api/survey", validSurvey), "POST /api/survey");
  await expectUnavailable(await post(url, "/api/admin/login", ADMIN), "POST /api/admin/login");
  if (cookie) {
    for (const target of ["/api/admin/contacts", "/api/admin/surveys", "/api/admin/counts", "/api/admin/contacts.csv", "/api/admin/check-auth"]) {
      await expectUnavailable(await fetch(`${url}${target}`, { headers: { cookie } }), `GET ${target}`);
    }
  }
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: "unavailable", database: { engine: "postgres", ok: false } });
  for (const page of [...STATIC_PAGES, ...RENDERED_PAGES]) {
    const response = await fetch(`${url}${page}`);
    expect(response.status, `${page} during the outage`).toBe(200);
    expect(await response.text(), page).toContain("</html>");
  }
}

test.describe("PostgreSQL outage", () => {
  test.describe.configure({ mode: "default", timeout: 120_000 });
  test.skip(process.env.SKIP_POSTGRES === "1", "SKIP_POSTGRES=1");

  let database: FreshPostgres | undefined;
  let proxy: SwitchableTcpProxy | undefined;
  let server: RunningServer | undefined;

  test.beforeEach(async () => {
    database = await createFreshPostgres("outage");
    const target = new URL(database.url);
    proxy = await startSwitchableTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    await proxy?.close();
    await database?.drop();
  });

  test("while PostgreSQL is unreachable the API answers 503 JSON, pages stay up, health is 503, and service resumes without a restart", async () => {
    server = await startProductionServer({ ...baseEnv, DATABASE_URL: databaseUrlVia(database!.url, proxy!.port), DATABASE_POOL_SIZE: "4", DATABASE_PATH: undefined });
    const pid = server.process.pid;
    const run = randomBytes(3).toString("hex");
    const cookie = await logInAdmin(server.url, ADMIN);
    expect((await post(server.url, "/api/contact", { ...validContact, message: `Before the outage [${run}-before]` })).status).toBe(201);

    await proxy!.cut();
    try {
      await expectDatabaseOutage(server.url, cookie, `${run}-during`);
    } finally {
      await proxy!.restore();
    }

    await expect.poll(async () => (await fetch(`${server!.url}/api/health`)).status, { timeout: 20_000 }).toBe(200);
    expect((await post(server.url, "/api/contact", { ...validContact, message: `After the outage [${run}-after]` })).status).toBe(201);
    // The session, kept in the database, outlived the outage.
    const messages = (await listContacts(server.url, cookie)).map((row) => row.message);
    expect(messages.filter((message) => message.includes(`[${run}-`)).sort()).toEqual([`After the outage [${run}-after]`, `Before the outage [${run}-before]`]);
    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();
  });

  test("a server started while PostgreSQL is unreachable serves its pages, answers 503, and comes up when the database does", async () => {
    await proxy!.cut();
    // Ready means "pages answer": the health check is 503 on purpose here.
    server = await startProductionServer({ ...baseEnv, DATABASE_URL: databaseUrlVia(database!.url, proxy!.port), DATABASE_PATH: undefined }, { readyPath: "/" });
    await expectDatabaseOutage(server.url, undefined, "cold-start");

    await proxy!.restore();
    await expect.poll(async () => (await fetch(`${server!.url}/api/health`)).status, { timeout: 20_000 }).toBe(200);
    expect((await post(server.url, "/api/contact", validContact)).status).toBe(201);
    const cookie = await logInAdmin(server.url, ADMIN);
    expect((await fetch(`${server.url}/api/admin/check-auth`, { headers: { cookie } })).status).toBe(200);
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
  });
});

test.describe("SMTP outage", () => {
  test.describe.configure({ timeout: 90_000 });

  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  let sink: SmtpSink | undefined;

  test.afterEach(async () => {
    await server?.stop();
    await sink?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("leads stay in the outbox while SMTP is down and are delivered exactly once when it returns", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "smtp-outage-"));
    const databasePath = path.join(dataDir, "site.db");
    const smtpPort = await freePort();
    server = await startProductionServer({
      ...baseEnv,
      DATABASE_PATH: databasePath,
      DATABASE_URL: undefined,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      // Counts the owner's e-mails only (the visitor's acknowledgement: tests/api/lead-mail.test.ts).
      LEAD_ACKNOWLEDGEMENT: "off",
      OUTBOX_POLL_MS: "200",
    });
    const run = randomBytes(3).toString("hex");
    expect((await post(server.url, "/api/contact", { ...validContact, message: `Outage lead [${run}-contact] please call.` })).status).toBe(201);
    expect((await post(server.url, "/api/survey", { ...validSurvey, additionalComments: `Outage survey [${run}-survey]` })).status).toBe(201);

    const outbox = () => {
      const database = new Database(databasePath, { readonly: true, fileMustExist: true });
      try {
        return database.prepare("select kind, status, attempts from mail_outbox order by id").all() as { kind: string; status: string; attempts: number }[];
      } finally {
        database.close();
      }
    };
    // The worker has tried and failed: both leads wait in the outbox.
    await expect.poll(() => outbox().map((row) => `${row.kind}:${row.status}:${row.attempts > 0}`), { timeout: 10_000 }).toEqual(["contact:pending:true", "survey:pending:true"]);

    sink = await startSmtpSink(smtpPort);
    await expect.poll(() => sink!.messages.length, { timeout: 30_000 }).toBe(2);
    // Several more polls of the worker: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.messages).toHaveLength(2);
    const texts = sink.messages.map((message) => message.text ?? "");
    for (const marker of [`[${run}-contact]`, `[${run}-survey]`]) expect(texts.filter((text) => text.includes(marker)), marker).toHaveLength(1);
    expect(outbox().map((row) => row.status)).toEqual(["sent", "sent"]);
    console.log(`[outages] SMTP down then back: 2 leads queued, ${sink.messages.length} e-mails delivered once each`);
  });
});
