// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { listContacts, logInAdmin } from "../support/admin-client";
import { validContact } from "../support/api-request";
import { startProductionServer, type RunningServer } from "../support/production-server";

/**
 * `npm run db:backup` copies the SQLite database while the site runs and writes to it:
 * the copy is consistent (integrity_check), self-contained (no -wal beside it), and
 * holds every row committed before the backup started.
 */

const run = promisify(execFile);
const ADMIN = { username: "admin", password: "db-backup-password-123" };
const root = process.cwd();

/** Runs scripts/db-backup.ts as `npm run db:backup` does, from `cwd`. */
function backup(databasePath: string, cwd: string, target?: string) {
  return run(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--tsconfig", path.join(root, "tsconfig.json"), path.join(root, "scripts", "db-backup.ts"), ...(target ? [target] : [])],
    { cwd, env: { ...process.env, DATABASE_PATH: databasePath, DATABASE_URL: "" }, timeout: 60_000 },
  );
}

test.describe("npm run db:backup", () => {
  test.describe.configure({ timeout: 120_000 });

  let dataDir: string;
  let server: RunningServer | undefined;

  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "db-backup-"));
  });

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("copies the database while the server is writing: the copy passes integrity_check and has every row committed before it started", async () => {
    const databasePath = path.join(dataDir, "site.db");
    server = await startProductionServer({ DATABASE_PATH: databasePath, DATABASE_URL: undefined, RATE_LIMIT_MULTIPLIER: "100000", SMTP_URL: undefined });
    const url = server.url;

    // Writers keep posting until told to stop; every acknowledgement is timestamped.
    const acknowledged: { marker: string; at: number }[] = [];
    let writing = true;
    let sent = 0;
    const writer = async (lane: number) => {
      for (let i = 0; writing; i += 1) {
        const marker = `backup-${lane}-${i}`;
        sent += 1;
        const response = await fetch(`${url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validContact, message: `Backup test request [${marker}] during the copy.` }),
        });
        expect(response.status).toBe(201);
        acknowledged.push({ marker, at: Date.now() });
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(60);

    const target = path.join(dataDir, "copies", "during-writes.db");
    const startedAt = Date.now();
    const output = await backup(databasePath, dataDir, target);
    const committedBefore = acknowledged.filter((entry) => entry.at < startedAt).map((entry) => entry.marker);
    // The writers were still at it after the copy finished.
    const countAtEnd = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(countAtEnd);
    writing = false;
    await writers;

    expect(output.stdout).toContain(`backup: ${target}`);
    const printed = Number(/contact_requests\s+(\d+)/.exec(output.stdout)?.[1]);
    expect(readdirSync(path.dirname(target))).toEqual(["during-writes.db"]);
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const markers = new Set(
        (copy.prepare("select message from contact_requests").all() as { message: string }[]).map((row) => /\[(backup-[^\]]+)\]/.exec(row.message)?.[1]),
      );
      expect(markers.size).toBe(printed);
      expect(committedBefore.filter((marker) => !markers.has(marker)), "rows committed before the backup and missing from it").toEqual([]);
      expect(markers.size).toBeLessThan(acknowledged.length);
      console.log(`[db-backup] copied ${markers.size} rows while ${sent} requests were being written; ${committedBefore.length} committed before the start, all present; integrity_check ok`);
    } finally {
      copy.close();
    }
    // The copy still opens after the site that made it has stopped: a restore source.
    await server.stop();
    server = undefined;
    expect(existsSync(`${target}-wal`)).toBe(false);
  });

  test("without an argument writes ./backups/site-<timestamp>.db, prints the path and the row counts, and the copy restores as docs/reliability.md says", async () => {
    const databasePath = path.join(dataDir, "site.db");
    const env = { DATABASE_PATH: databasePath, DATABASE_URL: undefined, RATE_LIMIT_MULTIPLIER: "100000", SMTP_URL: undefined, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_PASSWORD_HASH: undefined };
    server = await startProductionServer(env);
    const submit = (name: string) =>
      fetch(`${server!.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...validContact, name }) });
    expect((await submit(validContact.name)).status).toBe(201);

    const { stdout } = await backup(databasePath, dataDir);
    const written = /backup: (.+\.db)/.exec(stdout)?.[1] ?? "";
    expect(path.relative(dataDir, written)).toMatch(/^backups\/site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);
    expect(stdout).toMatch(/contact_requests\s+1\n/);
    expect(stdout).toMatch(/survey_submissions\s+0\n/);
    const copy = new Database(written, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect((copy.prepare("select name from contact_requests").get() as { name: string }).name).toBe(validContact.name);
    } finally {
      copy.close();
    }

    // Restore: stop the server, copy the file over DATABASE_PATH, remove stale -wal/-shm, start.
    expect((await submit("After The Backup")).status).toBe(201);
    await server.stop();
    copyFileSync(written, databasePath);
    rmSync(`${databasePath}-wal`, { force: true });
    rmSync(`${databasePath}-shm`, { force: true });
    server = await startProductionServer(env);
    const names = (await listContacts(server.url, await logInAdmin(server.url, ADMIN))).map((row) => row.name);
    expect(names).toEqual([validContact.name]);
  });

  test("refuses to overwrite an existing file and explains where a PostgreSQL backup comes from", async () => {
    const databasePath = path.join(dataDir, "site.db");
    new Database(databasePath).close();
    const failure = await backup(databasePath, dataDir, databasePath).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("already exists");

    const postgres = await run(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--tsconfig", path.join(root, "tsconfig.json"), path.join(root, "scripts", "db-backup.ts")],
      { cwd: dataDir, env: { ...process.env, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/anything" }, timeout: 60_000 },
    ).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(postgres?.code).toBe(1);
    expect(postgres?.stderr).toContain("pg_dump");
  });
});
