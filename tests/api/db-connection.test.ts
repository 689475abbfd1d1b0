import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkDbHealth,
  closeDb,
  createDb,
  DatabaseUnavailableError,
  destroyDb,
  getDb,
  getDbEngine,
  isDatabaseUnavailable,
  readDbConfig,
} from "@/server/db/connection";
import { buildMigrations, migrateToLatest } from "@/server/db/migrations";
import type { Database } from "@/server/db/schema";
import {
  APP_TABLES,
  applyDatabaseEnv,
  createFreshDatabase,
  describeEachEngine,
  postgresSkipped,
  restoreDatabaseEnv,
} from "../support/test-database";
import { databaseUrlVia } from "../support/fresh-postgres";
import { startSwitchableTcpProxy } from "../support/switchable-tcp-proxy";

async function schemaOf(db: Kysely<Database>) {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return {
    tables: tables.map((table) => table.name).sort(),
    migrations: migrations.rows.map((row) => row.name),
  };
}

/** SQLite keeps an FTS5 table's index in shadow tables of its own. */
const FTS5_SHADOW_TABLES = ["lead_search_config", "lead_search_content", "lead_search_data", "lead_search_docsize", "lead_search_idx"];
const expectedTables = (engine: string) => [...APP_TABLES, "kysely_migration", "kysely_migration_lock", ...(engine === "sqlite" ? FTS5_SHADOW_TABLES : [])].sort();

describeEachEngine("database connection", (context) => {
  const { engine } = context;
  it("reports the engine it was configured for", () => {
    expect(getDbEngine()).toBe(engine);
  });

  it("shares one connection between callers that arrive before it is open", async () => {
    await closeDb();
    const instances = await Promise.all(Array.from({ length: 5 }, () => getDb()));

    expect(new Set(instances).size).toBe(1);
    expect(await getDb()).toBe(instances[0]);
  });

  it("answers the health check", async () => {
    expect(await checkDbHealth()).toEqual({ ok: true, engine });
  });

  it("migrates a new database to the full schema, and running the migrations again changes nothing", async () => {
    const fresh = await createFreshDatabase(engine);
    const db = createDb(fresh.config);
    try {
      await migrateToLatest(db, engine);
      const first = await schemaOf(db);
      await migrateToLatest(db, engine);

      expect(first.tables).toEqual(expectedTables(engine));
      expect(first.migrations).toEqual(Object.keys(buildMigrations(engine)).sort());
      expect(await schemaOf(db)).toEqual(first);
    } finally {
      await destroyDb(db);
      await fresh.drop();
    }
  });

  if (engine === "postgres") {
    it("lets several instances starting together migrate a new database exactly once", async () => {
      const fresh = await createFreshDatabase(engine);
      const instances = Array.from({ length: 4 }, () => createDb(fresh.config));
      try {
        await Promise.all(instances.map((db) => migrateToLatest(db, engine)));

        const [first] = instances;
        if (!first) throw new Error("no instance");
        expect(await schemaOf(first)).toEqual({ tables: expectedTables(engine), migrations: Object.keys(buildMigrations(engine)).sort() });
      } finally {
        await Promise.all(instances.map((db) => destroyDb(db)));
        await fresh.drop();
      }
    });

    it("parses bigint columns and counts as numbers", async () => {
      const db = await getDb();
      const row = await sql<{ big: unknown; total: unknown }>`select 9007199254740991::bigint as big, count(*) as total from settings`.execute(db);
      expect(row.rows[0]).toEqual({ big: Number.MAX_SAFE_INTEGER, total: 0 });
    });
  }

  if (engine === "sqlite") {
    it("opens SQLite with WAL, FULL sync, foreign keys and a busy timeout", async () => {
      const db = await getDb();
      const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];

      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2);
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
    });

    it("checkpoints and closes cleanly, leaving no WAL file behind", async () => {
      const { config } = context;
      if (config.engine !== "sqlite") throw new Error("expected a SQLite config");
      const db = await getDb();
      await db.insertInto("settings").values({ key: "k", value: "v" }).execute();

      await closeDb();

      expect(existsSync(config.path)).toBe(true);
      expect(existsSync(`${config.path}-wal`)).toBe(false);
      expect(await (await getDb()).selectFrom("settings").select("value").executeTakeFirst()).toEqual({ value: "v" });
    });
  }
});

describe("when the database cannot be reached", () => {
  let restore: (() => void) | undefined;
  let cleanup: (() => void) | undefined;

  afterEach(async () => {
    await closeDb();
    restore?.();
    cleanup?.();
    restore = undefined;
    cleanup = undefined;
  });

  it("fails with DatabaseUnavailableError when the SQLite file cannot be created, and retries on the next call", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "site-db-unreachable-"));
    cleanup = () => rmSync(folder, { recursive: true, force: true });
    const notAFolder = path.join(folder, "file");
    writeFileSync(notAFolder, "");
    const saved = applyDatabaseEnv({ engine: "sqlite", path: path.join(notAFolder, "site.db") });
    restore = () => restoreDatabaseEnv(saved);

    const error: unknown = await getDb().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await checkDbHealth()).toMatchObject({ ok: false, engine: "sqlite" });

    applyDatabaseEnv({ engine: "sqlite", path: path.join(folder, "data", "site.db") });
    expect(await checkDbHealth()).toEqual({ ok: true, engine: "sqlite" });
  });

  it.skipIf(postgresSkipped())("fails with DatabaseUnavailableError when PostgreSQL refuses the connection", async () => {
    const saved = applyDatabaseEnv({ engine: "postgres", url: "postgres://postgres@127.0.0.1:1/nowhere", poolSize: 2 });
    restore = () => restoreDatabaseEnv(saved);

    const error: unknown = await getDb().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable((error as Error).cause)).toBe(true);

    const health = await checkDbHealth();
    expect(health).toMatchObject({ ok: false, engine: "postgres" });
    expect(health.error).toMatch(/ECONNREFUSED/);
  });

  it.skipIf(postgresSkipped())("survives a PostgreSQL connection lost while a request holds it between statements", async () => {
    const database = await createFreshDatabase("postgres");
    const target = new URL(database.config.engine === "postgres" ? database.config.url : "");
    const proxy = await startSwitchableTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanup = () => {
      void proxy.close().then(() => database.drop());
    };
    const saved = applyDatabaseEnv({ engine: "postgres", url: databaseUrlVia(target.toString(), proxy.port), poolSize: 2 });
    restore = () => restoreDatabaseEnv(saved);
    const db = await getDb();

    // pg emits 'error' on a checked-out client whose connection drops; unheard, it would
    // be an uncaught exception (the process dies; here, Vitest reports it and fails).
    const lost = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await proxy.cut();
      await new Promise((resolve) => setImmediate(resolve));
      await sql`select 1`.execute(trx);
    });
    await expect(lost).rejects.toThrow();
    await proxy.restore();
    expect(await checkDbHealth()).toEqual({ ok: true, engine: "postgres" });
  });

  it("reports a health check that does not answer in time", async () => {
    // A server that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanup = () => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    };
    const { port } = silent.address() as AddressInfo;
    const saved = applyDatabaseEnv({ engine: "postgres", url: `postgres://postgres@127.0.0.1:${port}/nowhere`, poolSize: 1 });
    restore = () => restoreDatabaseEnv(saved);

    const started = Date.now();
    const health = await checkDbHealth(200);
    // Hang up, so the connect attempt still pending behind the timeout ends now.
    for (const socket of sockets) socket.destroy();

    expect(health).toEqual({ ok: false, engine: "postgres", error: "no answer within 200 ms" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("isDatabaseUnavailable", () => {
  const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["an unknown host", withCode("ENOTFOUND")],
    ["a network timeout", withCode("ETIMEDOUT")],
    ["a server shutting down", withCode("57P01")],
    ["a server starting up", withCode("57P03")],
    ["a connection exception class 08", withCode("08006")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a busy SQLite file", withCode("SQLITE_BUSY")],
    ["an unopenable SQLite file", withCode("SQLITE_CANTOPEN")],
    ["a refused dual-stack connect", new AggregateError([withCode("ECONNREFUSED")], "")],
    ["a wrapped cause", new Error("query failed", { cause: withCode("57P01") })],
    ["our own error", new DatabaseUnavailableError("down")],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601", "syntax error at or near")],
    ["a SQLite constraint error", withCode("SQLITE_CONSTRAINT_NOTNULL")],
    ["a plain error", new Error("nope")],
    ["null", null],
    ["a string", "ECONNREFUSED"],
  ])("does not mistake %s for an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("readDbConfig", () => {
  it("uses SQLite at ./data/site.db unless told otherwise", () => {
    expect(readDbConfig({})).toEqual({ engine: "sqlite", path: "./data/site.db" });
    expect(readDbConfig({ DATABASE_PATH: "/var/lib/site.db", DATABASE_URL: "file:other.db" })).toEqual({ engine: "sqlite", path: "/var/lib/site.db" });
  });

  it("uses PostgreSQL for postgres:// and postgresql:// URLs, with a pool of 10 by default", () => {
    expect(readDbConfig({ DATABASE_URL: "postgres://u@h/db" })).toEqual({ engine: "postgres", url: "postgres://u@h/db", poolSize: 10 });
    expect(readDbConfig({ DATABASE_URL: "postgresql://u@h/db", DATABASE_POOL_SIZE: "25" })).toEqual({
      engine: "postgres",
      url: "postgresql://u@h/db",
      poolSize: 25,
    });
    expect(readDbConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_SIZE: "zero" })).toMatchObject({ poolSize: 10 });
  });
});
