// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { listContacts, listSurveys, logInAdmin } from "../support/admin-client";
import { validContact, validSurvey } from "../support/api-request";
import { startProductionServer, type RunningServer } from "../support/production-server";

/**
 * Crash safety on SQLite: a server killed with SIGKILL in the middle of a burst loses
 * none of the submissions it acknowledged, and a server stopped with SIGTERM finishes
 * what it was doing and leaves one clean, checkpointed database file behind.
 */

const ADMIN = { username: "admin", password: "crash-safety-password-123" };
const CRASHES = 3;
const BURST = 240;
const CONCURRENCY = 12;

type Outcome = { marker: string; kind: "contact" | "survey"; status?: number; error?: string };

function serverEnv(databasePath: string): Record<string, string | undefined> {
  return {
    DATABASE_PATH: databasePath,
    DATABASE_URL: undefined,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_PASSWORD_HASH: undefined,
    RATE_LIMIT_MULTIPLIER: "100000",
    SMTP_URL: undefined,
  };
}

function submission(kind: "contact" | "survey", marker: string): { path: string; body: string } {
  return kind === "contact"
    ? { path: "/api/contact", body: JSON.stringify({ ...validContact, message: `Crash test request [${marker}] please call back.` }) }
    : { path: "/api/survey", body: JSON.stringify({ ...validSurvey, additionalComments: `Crash test survey [${marker}]` }) };
}

/** Sends `count` submissions at a few connections; `onAnswer` runs after each answer. */
async function burst(url: string, count: number, prefix: string, onAnswer: (acknowledged: number) => void): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let acknowledged = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const kind = index % 2 === 0 ? "contact" : "survey";
      const marker = `${prefix}-${index}`;
      const { path: target, body } = submission(kind, marker);
      try {
        const response = await fetch(`${url}${target}`, { method: "POST", headers: { "content-type": "application/json" }, body });
        outcomes.push({ marker, kind, status: response.status });
        if (response.status === 201) acknowledged += 1;
        onAnswer(acknowledged);
      } catch (error) {
        outcomes.push({ marker, kind, error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

/** How often each marker is stored, read the way the owner reads it: through the admin API. */
async function storedMarkers(url: string): Promise<Map<string, number>> {
  const cookie = await logInAdmin(url, ADMIN);
  const texts = [...(await listContacts(url, cookie)).map((row) => row.message), ...(await listSurveys(url, cookie)).map((row) => row.additionalComments)];
  const counts = new Map<string, number>();
  for (const text of texts) {
    const marker = /\[(crash-[^\]]+)\]/.exec(text)?.[1];
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  return counts;
}

function integrityOf(databasePath: string): { integrity: unknown; contacts: number; surveys: number } {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: database.pragma("integrity_check", { simple: true }),
      contacts: (database.prepare("select count(*) as n from contact_requests").get() as { n: number }).n,
      surveys: (database.prepare("select count(*) as n from survey_submissions").get() as { n: number }).n,
    };
  } finally {
    database.close();
  }
}

/** Resolves once a TCP connection to `url` is refused; rejects if it is still accepted at the deadline. */
async function refusesConnections(url: URL, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error("the server still accepts new connections after SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.describe("crash safety on SQLite", () => {
  test.describe.configure({ timeout: 180_000 });

  let dataDir: string;
  let server: RunningServer | undefined;

  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "crash-safety-"));
  });

  test.afterEach(async () => {
    await server?.stop("SIGKILL");
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`every acknowledged submission survives ${CRASHES} SIGKILLs in the middle of a burst, and the file passes integrity_check`, async () => {
    const databasePath = path.join(dataDir, "site.db");
    const run = randomBytes(3).toString("hex");
    const all: Outcome[] = [];

    for (let crash = 1; crash <= CRASHES; crash += 1) {
      const current = await startProductionServer(serverEnv(databasePath));
      server = current;
      // Kill at a different point of each burst, while requests are in flight.
      const killAfter = 30 + crash * 25;
      let killed = false;
      const outcomes = await burst(current.url, BURST, `crash-${run}-${crash}`, (acknowledged) => {
        if (!killed && acknowledged >= killAfter) {
          killed = true;
          current.process.kill("SIGKILL");
        }
      });
      expect(killed, "the burst outlived the kill point").toBe(true);
      expect(await current.stop()).toBeNull();
      expect(current.process.signalCode).toBe("SIGKILL");
      all.push(...outcomes);
      const acknowledged = outcomes.filter((outcome) => outcome.status === 201).length;
      const failed = outcomes.filter((outcome) => outcome.error !== undefined).length;
      console.log(`[crash-safety] crash ${crash}: SIGKILL after ${acknowledged} acknowledged of ${BURST}; ${failed} requests cut off or refused`);
      // Nothing the server answered was an error of its own, up to the kill.
      expect(outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 201)).toEqual([]);
    }

    server = await startProductionServer(serverEnv(databasePath));
    const stored = await storedMarkers(server.url);
    const acknowledged = all.filter((outcome) => outcome.status === 201);
    const lost = acknowledged.filter((outcome) => stored.get(outcome.marker) !== 1);
    expect(lost, "acknowledged submissions missing or stored twice").toEqual([]);
    // Anything else stored was sent to a server that died before it could answer.
    const answeredOtherwise = [...stored.keys()].filter((marker) => {
      const outcome = all.find((candidate) => candidate.marker === marker);
      return outcome?.status !== 201 && outcome?.error === undefined;
    });
    expect(answeredOtherwise).toEqual([]);
    expect([...stored.values()].every((count) => count === 1)).toBe(true);
    // The restarted server takes new submissions as before.
    const after = submission("contact", `crash-${run}-after`);
    expect((await fetch(`${server.url}${after.path}`, { method: "POST", headers: { "content-type": "application/json" }, body: after.body })).status).toBe(201);
    expect(await server.stop()).toBe(143);
    server = undefined;

    const check = integrityOf(databasePath);
    expect(check.integrity).toBe("ok");
    expect(check.contacts + check.surveys).toBe(stored.size + 1);
    console.log(
      `[crash-safety] ${CRASHES} crashes survived: ${acknowledged.length} acknowledged, ${acknowledged.length - lost.length} found once, lost 0; ` +
        `${stored.size - acknowledged.length} more stored from requests cut off by the kill; integrity_check ${String(check.integrity)}`,
    );
  });

  test("on SIGTERM the server refuses new connections, finishes the request in flight with 201, and exits with a checkpointed database without waiting for the kept-alive connection", async () => {
    const databasePath = path.join(dataDir, "site.db");
    server = await startProductionServer(serverEnv(databasePath));
    const url = new URL(server.url);
    const marker = `crash-sigterm-${randomBytes(3).toString("hex")}`;
    const { path: target, body } = submission("contact", marker);
    const bytes = Buffer.from(body);

    // A slow client, as a browser is, on a kept-alive connection: headers and half the body now, the rest after SIGTERM.
    const keepAlive = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, method: "POST", path: target, agent: keepAlive, headers: { "content-type": "application/json", "content-length": bytes.length } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.write(bytes.subarray(0, bytes.length >> 1));
      setTimeout(() => {
        server!.process.kill("SIGTERM");
        // Only once the listener refuses new connections does the slow client finish.
        refusesConnections(url, 10_000).then(() => request.end(bytes.subarray(bytes.length >> 1)), reject);
      }, 1000);
    });

    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(201);
    // The connection went idle only after SIGTERM; left open, it would hold the exit back for the
    // server's keep-alive timeout (65 s), past this test's own.
    const answeredAt = Date.now();
    const exitCode = await server.stop();
    server = undefined;
    keepAlive.destroy();
    expect([0, 143]).toContain(exitCode);
    expect(Date.now() - answeredAt).toBeLessThan(10_000);

    // Closed cleanly: the WAL was checkpointed into the file and removed (or left empty).
    const wal = `${databasePath}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0, "WAL file left with content").toBe(true);
    const database = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      expect(database.pragma("integrity_check", { simple: true })).toBe("ok");
      const row = database.prepare("select message from contact_requests where message like ?").get(`%[${marker}]%`) as { message: string } | undefined;
      expect(row?.message).toContain(marker);
    } finally {
      database.close();
    }
  });
});
