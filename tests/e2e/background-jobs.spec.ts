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
 * The background jobs (src/server/background-jobs.ts: the outbox worker, the pruning job, the admin setup link)
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
      // Counts the owner's e-mails only (the visitor's acknowledgement: tests/api/lead-mail.test.ts).
      LEAD_ACKNOWLEDGEMENT: "off",
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

  test("the running server deletes expired rate-limit windows and sessions by itself, and keeps the live ones", async () => {
    const databasePath = path.join(dataDir, "site.db");
    const running = await startProductionServer({
      DATABASE_PATH: databasePath,
      DATABASE_URL: undefined,
      ADMIN_PASSWORD: "background-jobs-password-123",
      SMTP_URL: undefined,
      PRUNE_INTERVAL_MS: "300",
    });
    server = running;
    // /api/health has opened and migrated the database. A flood's leftovers, as another
    // instance or an earlier run of this one would have written them:
    const now = Date.now();
    const database = new Database(databasePath);
    database.pragma("busy_timeout = 5000");
    const counts = () => ({
      windows: (database.prepare("select count(*) as n from rate_limits").get() as { n: number }).n,
      sessions: (database.prepare("select count(*) as n from admin_sessions").get() as { n: number }).n,
    });
    try {
      const addWindow = database.prepare("insert into rate_limits (key, window_start, count, expires_at) values (?, ?, 1, ?)");
      const addSession = database.prepare("insert into admin_sessions (token_hash, public_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)");
      database.transaction(() => {
        for (let index = 0; index < 2_000; index += 1) addWindow.run(`submit:contact:10.0.${index >> 8}.${index & 255}`, now - 20 * 60_000, now - 5 * 60_000);
        for (let index = 0; index < 3; index += 1) addWindow.run(`login-fail:addr:192.0.2.${index}`, now, now + 15 * 60_000);
        for (let index = 0; index < 50; index += 1) addSession.run(randomBytes(32).toString("hex"), randomBytes(16).toString("base64url"), now - 13 * 3_600_000, now - 12 * 3_600_000, now - 3_600_000);
        for (let index = 0; index < 2; index += 1) addSession.run(randomBytes(32).toString("hex"), randomBytes(16).toString("base64url"), now, now, now + 12 * 3_600_000);
      })();
      expect(counts()).toEqual({ windows: 2_003, sessions: 52 });

      await expect.poll(counts, { timeout: 20_000, message: "the server's pruning job deletes what has expired" }).toEqual({ windows: 3, sessions: 2 });
      // The run logs once all its steps are done, a moment after the rows are gone.
      await expect.poll(() => running.output()).toMatch(/\[prune\] deleted 2000 expired rate-limit windows, 50 expired admin sessions/);
    } finally {
      database.close();
    }
  });

  test("past LEAD_EMAILS_PER_HOUR every lead is stored and the rest of the hour's leads are e-mailed as one digest", async () => {
    const databasePath = path.join(dataDir, "site.db");
    sink = await startSmtpSink(await freePort());
    server = await startProductionServer({
      DATABASE_PATH: databasePath,
      DATABASE_URL: undefined,
      ADMIN_PASSWORD: "background-jobs-password-123",
      RATE_LIMIT_MULTIPLIER: "100",
      SMTP_URL: sink.url,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      // Counts the owner's e-mails only (the visitor's acknowledgement: tests/api/lead-mail.test.ts).
      LEAD_ACKNOWLEDGEMENT: "off",
      OUTBOX_POLL_MS: "200",
      LEAD_EMAILS_PER_HOUR: "2",
    });
    const marker = `digest-${randomBytes(3).toString("hex")}`;
    for (let index = 0; index < 5; index += 1) {
      const answer = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...validContact, name: `Lead ${marker} ${index}` }),
      });
      expect(answer.status).toBe(201);
    }
    await expect.poll(() => sink!.messages.length, { timeout: 20_000, message: "the first two leads are e-mailed one by one" }).toBe(2);
    expect(sink.messages.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Lead ${marker} 0`), expect.stringContaining(`Lead ${marker} 1`)]);

    const database = new Database(databasePath);
    database.pragma("busy_timeout = 5000");
    try {
      expect(database.prepare("select count(*) as n from contact_requests").get()).toEqual({ n: 5 });
      expect(database.prepare("select count(*) as n from mail_outbox where status = 'held'").get()).toEqual({ n: 3 });
      // The hour ends (what an hour's wait would do to the held notifications).
      database.prepare("update mail_outbox set next_attempt_at = ? where status = 'held'").run(Date.now());
    } finally {
      database.close();
    }

    await expect.poll(() => sink!.messages.length, { timeout: 20_000, message: "the held leads arrive as one digest" }).toBe(3);
    const digest = sink.messages[2]!;
    expect(digest.subject).toBe("Lead digest: 3 leads past the hourly e-mail limit");
    for (const index of [2, 3, 4]) expect(digest.text).toContain(`Lead ${marker} ${index} <`);
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
