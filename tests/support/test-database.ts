import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { stopOutboxWorker } from "@/server/mail/outbox-worker";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, vi } from "vitest";
import { closeDb, type DbConfig, type DbEngine, getDb } from "@/server/db/connection";

export const ENGINES: readonly DbEngine[] = ["sqlite", "postgres"];

/** A server where the `postgres` user may create databases; each suite gets its own. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const APP_TABLES = ["mail_outbox", "quote_acceptances", "quote_lines", "quotes", "quote_counters", "bookings", "lead_duplicates", "contact_requests", "survey_submissions", "lead_held_notifications", "lead_events", "lead_search", "leads", "rate_limits", "login_throttle", "admin_sessions", "admin_setup_tokens", "settings", "admin_two_factor", "admin_recovery_codes", "admin_pending_logins", "admin_retired_device_cookies", "reply_templates", "admin_audit_log", "push_subscriptions"] as const;

export function postgresSkipped(): boolean {
  return process.env.SKIP_POSTGRES === "1";
}

export interface FreshDatabase {
  engine: DbEngine;
  config: DbConfig;
  drop(): Promise<void>;
}

/** An empty database nobody else uses: a temp SQLite file, or a new PostgreSQL database. */
export async function createFreshDatabase(engine: DbEngine): Promise<FreshDatabase> {
  if (engine === "sqlite") {
    const folder = mkdtempSync(path.join(os.tmpdir(), "site-db-test-"));
    return {
      engine,
      config: { engine, path: path.join(folder, "site.db") },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }

  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(async (client) => {
    await client.query(`create database "${name}"`);
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    engine,
    config: { engine, url: url.toString(), poolSize: 10 },
    drop: () =>
      withAdminClient(async (client) => {
        // A pool someone forgot to close must not keep the database alive.
        await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
        await client.query(`drop database if exists "${name}"`);
      }),
  };
}

async function withAdminClient(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(
      `PostgreSQL tests need a server at ${POSTGRES_ADMIN_URL} (set TEST_POSTGRES_URL to use another) but connecting failed: ${reason}. ` +
        "Start PostgreSQL, or set SKIP_POSTGRES=1 to skip the PostgreSQL runs on purpose.",
      { cause: error },
    );
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

type SavedEnv = Record<"DATABASE_URL" | "DATABASE_PATH" | "DATABASE_POOL_SIZE", string | undefined>;

/** Points `getDb` at `config` through the environment it reads; returns what to restore. */
export function applyDatabaseEnv(config: DbConfig): SavedEnv {
  const saved: SavedEnv = {
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_PATH: process.env.DATABASE_PATH,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  };
  if (config.engine === "sqlite") {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = config.path;
  } else {
    process.env.DATABASE_URL = config.url;
    process.env.DATABASE_POOL_SIZE = String(config.poolSize);
  }
  return saved;
}

export function restoreDatabaseEnv(saved: SavedEnv): void {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

export interface EngineContext {
  readonly engine: DbEngine;
  /** Where the suite's database lives, e.g. to open a second connection to it. */
  readonly config: DbConfig;
}

/**
 * Runs `suite` once per engine, each against its own fresh database that the shared
 * `getDb` connection points at. Tables are emptied before every test.
 */
export function describeEachEngine(name: string, suite: (context: EngineContext) => void): void {
  for (const engine of ENGINES) {
    const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
    run(`${name} [${engine}]`, () => {
      let fresh: FreshDatabase | undefined;
      let savedEnv: SavedEnv | undefined;
      const context: EngineContext = {
        engine,
        get config() {
          if (!fresh) throw new Error("The test database is not ready yet: use `config` inside a test or hook.");
          return fresh.config;
        },
      };

      beforeAll(async () => {
        // The outbox worker a submission kicked must not open the database again while it changes hands
        // (between closing the last engine's and the environment naming this one's, it would open the wrong one).
        await stopOutboxWorker();
        await closeDb();
        fresh = await createFreshDatabase(engine);
        savedEnv = applyDatabaseEnv(fresh.config);
        await getDb();
      });

      beforeEach(async () => {
        const db = await getDb();
        for (const table of APP_TABLES) await db.deleteFrom(table).execute();
      });

      afterAll(async () => {
        await stopOutboxWorker();
        await closeDb();
        if (savedEnv) restoreDatabaseEnv(savedEnv);
        await fresh?.drop();
      });

      suite(context);
    });
  }
}

/**
 * Loads fresh copies of the db modules, with their own `getDb` singleton, as a second
 * instance of the app would have: its own pool on PostgreSQL, its own connection on
 * SQLite. `load` must import through `import()`.
 */
export async function loadSecondInstance<T>(load: () => Promise<T>): Promise<{ modules: T; close(): Promise<void> }> {
  // Both instances live in this one process, so they take turns on a SQLite file as two
  // instances of one process would (src/server/db/sqlite-turns.ts): the copies share that module.
  const turns = await import("@/server/db/sqlite-turns");
  // Fresh copies of the modules hold a `getDb` singleton of their own.
  vi.resetModules();
  vi.doMock("@/server/db/sqlite-turns", () => turns);
  const modules = await load();
  const connection = await import("@/server/db/connection");
  // Open (and migrate) before the test races the two instances.
  await connection.getDb();
  return { modules, close: () => connection.closeDb() };
}

/** Makes every insert into the outbox fail, as a full disk or a lost connection would. */
export async function breakOutboxInserts(engine: DbEngine): Promise<() => Promise<void>> {
  const db = await getDb();
  if (engine === "sqlite") {
    await sql`create trigger outbox_unavailable before insert on mail_outbox begin select raise(abort, 'outbox unavailable'); end`.execute(db);
    return async () => {
      await sql`drop trigger outbox_unavailable`.execute(db);
    };
  }
  await sql`create function outbox_unavailable() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`.execute(db);
  await sql`create trigger outbox_unavailable before insert on mail_outbox for each row execute function outbox_unavailable()`.execute(db);
  return async () => {
    await sql`drop trigger outbox_unavailable on mail_outbox`.execute(db);
    await sql`drop function outbox_unavailable()`.execute(db);
  };
}
