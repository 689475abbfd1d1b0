// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { validContact } from "../support/api-request";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * The background jobs (src/server/background-jobs.ts: the outbox worker, the admin setup link)
 * start with the server process (src/fetch.ts, loaded with the server bundle), not with
 * the first request Astro renders. These servers are "ready" on a file sirv serves, so
 * nothing reaches Astro unless the test asks.
 */

const READY_ON_A_STATIC_FILE = { readyPath: "/favicon.svg" };

test.describe("background jobs", () => {
  test.describe.configure({ timeout: 90_000 });

  let dataDir: string;
  let server: RunningServer | undefined;
  let sink: SmtpSink | undefined;

  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "background-jobs-"));
  });

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    await sink?.close();
    sink = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a lead left in the outbox is e-mailed by a restarted server that has answered no request", async () => {
    const databasePath = path.join(dataDir, "site.db");
    const smtpPort = await freePort();
    const env = {
      DATABASE_PATH: databasePath,
      DATABASE_URL: undefined,
      ADMIN_PASSWORD: "background-jobs-password-123",
      RATE_LIMIT_MULTIPLIER: "100",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      OUTBOX_POLL_MS: "200",
    };
    const marker = `[jobs-${randomBytes(3).toString("hex")}]`;

    // SMTP is down: the lead is stored and its e-mail waits in the outbox.
    server = await startProductionServer(env);
    const answer = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...validContact, message: `Queued before a restart ${marker}` }),
    });
    expect(answer.status).toBe(201);
    // Wait for the first server's failed attempt to be recorded: stopped in the middle of a
    // send, it would leave the message leased for a minute (the documented at-least-once path).
    await expect
      .poll(() => {
        const database = new Database(databasePath, { readonly: true, fileMustExist: true });
        try {
          return database.prepare("select count(*) as n from mail_outbox where attempts >= 1 and locked_by is null").get() as { n: number };
        } finally {
          database.close();
        }
      }, { message: "the first server tried the unreachable SMTP server and released the message" })
      .toEqual({ n: 1 });
    expect(await server.stop()).toBe(143);

    sink = await startSmtpSink(smtpPort);
    server = await startProductionServer(env, READY_ON_A_STATIC_FILE);
    await expect.poll(() => sink!.messages.length, { timeout: 30_000, message: "the restarted server's worker delivers the queued lead" }).toBe(1);
    expect(sink.messages[0]?.text).toContain(marker);
  });

  test("a start without an admin password prints a setup link before any request; it works once, then says it was used", async () => {
    const port = await freePort();
    server = await startProductionServer(
      {
        DATABASE_PATH: path.join(dataDir, "site.db"),
        DATABASE_URL: undefined,
        ADMIN_PASSWORD: undefined,
        ADMIN_PASSWORD_HASH: undefined,
        SMTP_URL: undefined,
        SITE_URL: undefined,
      },
      { ...READY_ON_A_STATIC_FILE, port },
    );
    const running = server;
    await expect.poll(() => running.output(), { timeout: 20_000 }).toMatch(/\[admin\] Choose it within 24 hours, once, at: \S+/);
    // Without SITE_URL the link points at this server on localhost, on the port it was given.
    const link = /at: (\S+)/.exec(running.output())?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/admin/setup#[A-Za-z0-9_-]{43}$`));
    const token = new URL(link).hash.slice(1);

    const post = (endpoint: string, body: unknown) =>
      fetch(`${running.url}${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/api/admin/setup/check", { token })).status).toBe(200);
    const chosen = { token, newPassword: "chosen-from-the-link-123", confirmPassword: "chosen-from-the-link-123" };
    const first = await post("/api/admin/setup", chosen);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("sr_admin_session="))).toBe(true);
    const second = await post("/api/admin/setup", chosen);
    expect(second.status).toBe(410);
    expect(await second.json()).toMatchObject({ state: "used", error: expect.stringMatching(/has been used/) });
    const login = await post("/api/admin/login", { username: "admin", password: chosen.newPassword });
    expect(login.status).toBe(200);
  });
});
