import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type TransactionSettings,
} from "kysely";
import pg from "pg";
import { type DbEngine, engineOf } from "./dialect";
import { migrateToLatest } from "./migrations";
import { sqliteFileTurns, type Turns } from "./sqlite-turns";
import type { Database } from "./schema";

export type { DbEngine };

export type DbConfig = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string; poolSize: number };

const DEFAULT_SQLITE_PATH = "./data/site.db";
const DEFAULT_POOL_SIZE = 10;
const BUSY_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 5000;

/** Thrown by `getDb` when the database cannot be opened or migrated: answer 503, not 500. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

export function readDbConfig(env: Readonly<Record<string, string | undefined>> = process.env): DbConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    const poolSize = Number.parseInt(env.DATABASE_POOL_SIZE ?? "", 10);
    return { engine: "postgres", url, poolSize: Number.isInteger(poolSize) && poolSize > 0 ? poolSize : DEFAULT_POOL_SIZE };
  }
  return { engine: "sqlite", path: env.DATABASE_PATH?.trim() || DEFAULT_SQLITE_PATH };
}

export function getDbEngine(): DbEngine {
  return readDbConfig().engine;
}

export { engineOf };

/**
 * A new, unmigrated Kysely instance. The app uses the `getDb` singleton; this exists so
 * tests can play a second instance of the app against the same database.
 */
export function createDb(config: DbConfig): Kysely<Database> {
  if (config.engine === "postgres") {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      types: int8AsNumber,
    });
    // Without a listener, an idle client losing its server (restart, failover) emits an
    // unhandled 'error' and kills the process. The pool drops that client by itself.
    pool.on("error", (error) => {
      console.error(`[db] idle PostgreSQL client error: ${error.message}`);
    });
    // A client checked out of the pool has no pool listener, and pg emits 'error' on it
    // when its connection drops, even after failing the query under way (which already
    // answers 503): without this, a connection lost mid-request killed the process. The
    // pool discards the broken client when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        console.error(`[db] PostgreSQL connection lost: ${error.message}`);
      });
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  return new Kysely<Database>({
    dialect: new WriteFirstSqliteDialect(
      {
        // Opened on first query, so a bad path surfaces as a failed `getDb`, not a crash at import.
        database: () => Promise.resolve(openSqlite(config.path)),
      },
      sqliteFileTurns(config.path),
    ),
  });
}

/**
 * SQLite's own `BEGIN` is DEFERRED: a transaction that reads before it writes asks for
 * the write lock only at its first write, and when another connection has written in
 * between, SQLite answers SQLITE_BUSY at once instead of waiting (busy_timeout does not
 * apply to a deadlock). Every transaction here may read and then write, so they begin
 * IMMEDIATE and wait their turn for the lock up front; one asked for as "read only"
 * (`db.transaction().setAccessMode("read only")`) keeps the plain BEGIN.
 */
class WriteFirstSqliteDriver extends SqliteDriver {
  #endTurn?: () => void;

  constructor(
    config: SqliteDialectConfig,
    private readonly fileTurns: Turns,
  ) {
    super(config);
  }

  /** The single connection, once this instance's turn on the file has come (src/server/db/connection.ts). */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const endTurn = await this.fileTurns.take();
    const connection = await super.acquireConnection();
    this.#endTurn = endTurn;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    const endTurn = this.#endTurn;
    this.#endTurn = undefined;
    await super.releaseConnection();
    endTurn?.();
  }

  // SqliteDriver declares no settings parameter, though Kysely passes them to every driver.
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === "read only" ? "begin" : "begin immediate"));
  }
}

class WriteFirstSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly fileTurns: Turns,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new WriteFirstSqliteDriver(this.config, this.fileTurns);
  }
}

/**
 * int8 (bigserial ids, epoch-millisecond columns, count(*)) as a JS number instead of a
 * string. Every such value stays far below 2^53. Set on our pools only, not globally on `pg`.
 */
const int8AsNumber = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `journal_size_limit`: the WAL file kept after a checkpoint, at most. */
const WAL_SIZE_LIMIT_BYTES = 1024 * 1024;

function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") createPrivateFile(file);
  const database = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma("journal_mode = WAL");
  // FULL: a committed row is on disk before we answer 201 (NORMAL may lose it on power loss in WAL mode).
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  // A deleted lead must not linger in free pages or slack space of the file: SQLite zeroes them.
  database.pragma("secure_delete = ON");
  // After a checkpoint the WAL is cut back to this size, so old frames (an erased person's
  // rows among them) do not sit in a WAL grown by a busy hour (docs/privacy-controls.md).
  database.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  closeOnExit(database);
  return database;
}

/**
 * The file holds every lead, the TOTP secret and the device-cookie key: only the service's
 * user may read it. A missing folder is created 0700, and the file (made here, before
 * SQLite opens it) is 0600, as is an existing one; SQLite gives its -wal and -shm files
 * the database file's mode. A folder that already exists keeps its mode (see docs/deploy.md).
 */
function createPrivateFile(file: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, "a", 0o600));
  for (const suffix of ["", "-wal", "-shm"]) {
    try {
      chmodSync(`${file}${suffix}`, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/*
 * The production server answers SIGTERM by closing the HTTP server (requests under way
 * finish) and then calling process.exit, which runs no async cleanup. Closing
 * better-sqlite3 synchronously on "exit" checkpoints the WAL into the main file and
 * removes it, so a stopped server leaves one self-contained database file.
 */
const openSqliteDatabases = new Set<SQLite.Database>();
process.once("exit", () => {
  for (const open of openSqliteDatabases) {
    try {
      if (open.open) open.close();
    } catch {
      // Exiting anyway: the WAL is replayed on the next open.
    }
  }
});

function closeOnExit(database: SQLite.Database): void {
  // Forget handles closed the ordinary way (closeDb, tests) as new ones open.
  for (const known of openSqliteDatabases) if (!known.open) openSqliteDatabases.delete(known);
  openSqliteDatabases.add(database);
}

/** Closes an instance from `createDb`, leaving no WAL file behind on SQLite. */
export async function destroyDb(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db).catch(() => undefined);
  }
  await db.destroy();
}

/** The shared instance of the process, once `getDb` has been called. */
const shared: { pending?: Promise<Kysely<Database>> } = {};

/**
 * The shared instance. The first call connects and migrates; calls made meanwhile wait
 * for the same attempt; a failed attempt is forgotten so the next call tries again.
 */
export function getDb(): Promise<Kysely<Database>> {
  if (!shared.pending) {
    const attempt = open(readDbConfig());
    shared.pending = attempt;
    attempt.catch(() => {
      if (shared.pending === attempt) shared.pending = undefined;
    });
  }
  return shared.pending;
}

async function open(config: DbConfig): Promise<Kysely<Database>> {
  const db = createDb(config);
  try {
    await migrateToLatest(db, config.engine);
    return db;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseUnavailableError(`Could not open the ${config.engine} database: ${errorMessage(error)}`, { cause: error });
  }
}

export async function closeDb(): Promise<void> {
  const current = shared.pending;
  shared.pending = undefined;
  if (!current) return;
  const db = await current.catch(() => undefined);
  if (db) await destroyDb(db);
}

export async function checkDbHealth(timeoutMs = 2000): Promise<{ ok: boolean; engine: DbEngine; error?: string }> {
  const engine = getDbEngine();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const probe = getDb().then((db) => sql`select 1`.execute(db));
    // A probe still running after the timeout must not turn into an unhandled rejection.
    probe.catch(() => undefined);
    await Promise.race([probe, timeout]);
    return { ok: true, engine };
  } catch (error) {
    return { ok: false, engine, error: errorMessage(error) };
  } finally {
    clearTimeout(timer);
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (server starting up)
  "53300", // too_many_connections
]);

const UNAVAILABLE_MESSAGES = [
  "connection terminated",
  "timeout exceeded when trying to connect",
  "client has encountered a connection error",
  "cannot use a pool after calling end",
  "database connection is not open",
];

/** True when an error means "the database is down or busy", so the caller can answer 503. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  // By name as well: an error thrown by another copy of this module (a test's second instance).
  if (error instanceof DatabaseUnavailableError || (error as { name?: unknown }).name === "DatabaseUnavailableError") return true;

  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") {
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_CANTOPEN")) return true;
  }
  if (typeof message === "string") {
    const lower = message.toLowerCase();
    if (UNAVAILABLE_MESSAGES.some((fragment) => lower.includes(fragment))) return true;
  }
  // Node reports a refused dual-stack connect as an AggregateError of per-address errors.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(errorMessage).join("; ");
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Ids per `in (…)` list, well inside both engines' limits on bound parameters. */
const IDS_PER_QUERY = 500;

/** `items` in batches of at most IDS_PER_QUERY, one `in (…)` list each. */
export function idBatches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_QUERY) result.push(items.slice(start, start + IDS_PER_QUERY));
  return result;
}
