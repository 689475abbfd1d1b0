/**
 * npm run db:migrate-to-postgres — moves an existing SQLite install to PostgreSQL.
 *
 *   npm run db:migrate-to-postgres -- [--from ./data/site.db] [--to postgres://…] [--force]
 *
 * Reads the SQLite file (--from, else DATABASE_PATH, else ./data/site.db), migrates the
 * target schema (--to, else DATABASE_URL), copies every table with its ids, moves the
 * id sequences past the highest id SQLite ever handed out, and checks row counts and
 * checksums table by table before committing. Everything happens in one PostgreSQL
 * transaction: on any error or mismatch the target is left as it was.
 *
 * Stop the app first (a lead stored during the copy would stay behind in SQLite). The
 * target must be empty; --force replaces whatever rows it holds.
 * Exit codes: 0 copied and verified, 1 refused or failed, 2 bad arguments.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { createDb, type DbConfig, destroyDb, readDbConfig } from "../src/server/db/connection";
import { buildMigrations, migrateToLatest } from "../src/server/db/migrations";
import type { Database } from "../src/server/db/schema";

type Row = Record<string, unknown>;
/** The copy is table-generic; each table's own types live in schema.ts. */
type AnyTables = Record<string, Row>;

interface TableSpec {
  name: keyof Database;
  key: string;
  /** Has a bigserial id on PostgreSQL whose sequence must move past the copied ids. */
  serial: boolean;
  /** 0/1 in SQLite, true/false in PostgreSQL: compared as 0/1. */
  booleans: readonly string[];
  /** Filled by its migration (reply templates): the target's rows are those seeds, replaced without --force. */
  seeded?: boolean;
}

/** In an order foreign keys allow: a lead before its submissions and events. */
const TABLES: readonly TableSpec[] = [
  { name: "leads", key: "id", serial: true, booleans: [] },
  { name: "contact_requests", key: "id", serial: true, booleans: ["viewed"] },
  { name: "survey_submissions", key: "id", serial: true, booleans: ["viewed", "uses_streaming", "has_public_wifi"] },
  { name: "lead_events", key: "id", serial: true, booleans: [] },
  { name: "bookings", key: "id", serial: true, booleans: [] },
  { name: "lead_duplicates", key: "id", serial: true, booleans: [] },
  { name: "quotes", key: "id", serial: true, booleans: [] },
  { name: "quote_lines", key: "id", serial: true, booleans: [] },
  { name: "quote_acceptances", key: "id", serial: true, booleans: [] },
  { name: "quote_counters", key: "year", serial: false, booleans: [] },
  { name: "lead_held_notifications", key: "id", serial: true, booleans: [] },
  { name: "mail_outbox", key: "id", serial: true, booleans: [] },
  { name: "admin_sessions", key: "token_hash", serial: false, booleans: [] },
  { name: "admin_setup_tokens", key: "token_hash", serial: false, booleans: [] },
  { name: "settings", key: "key", serial: false, booleans: [] },
  { name: "rate_limits", key: "key", serial: false, booleans: [] },
  { name: "login_throttle", key: "key", serial: false, booleans: [] },
  { name: "admin_two_factor", key: "id", serial: false, booleans: [] },
  { name: "admin_recovery_codes", key: "code_hash", serial: false, booleans: [] },
  { name: "admin_pending_logins", key: "token_hash", serial: false, booleans: [] },
  { name: "admin_retired_device_cookies", key: "nonce", serial: false, booleans: [] },
  { name: "reply_templates", key: "id", serial: true, booleans: [], seeded: true },
  { name: "admin_audit_log", key: "id", serial: true, booleans: [] },
  { name: "push_subscriptions", key: "id", serial: true, booleans: [] },
];

const PAGE_SIZE = 500;

class UsageError extends Error {}
class RefusedError extends Error {}

interface TableDigest {
  rows: number;
  ids: string;
  content: string;
}

interface TableReport {
  table: string;
  source: TableDigest;
  target: TableDigest;
  nextId: number | null;
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        from: { type: "string" },
        to: { type: "string" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function readOptions() {
  const values = parseCommandLine();
  if (values.help) {
    console.log("Usage: npm run db:migrate-to-postgres -- [--from <sqlite file>] [--to <postgres url>] [--force]");
    process.exit(0);
  }
  const from = values.from ?? process.env.DATABASE_PATH?.trim() ?? "./data/site.db";
  const to = values.to ?? process.env.DATABASE_URL?.trim() ?? "";
  const target = readDbConfig({ DATABASE_URL: to, DATABASE_POOL_SIZE: "2" });
  if (target.engine !== "postgres") throw new UsageError("Give the PostgreSQL database with --to postgres://… or DATABASE_URL.");
  // createDb would create a missing SQLite file; a typo must not "migrate" an empty database.
  if (!existsSync(from)) throw new UsageError(`No SQLite database at ${path.resolve(from)} (set --from or DATABASE_PATH).`);
  return { source: { engine: "sqlite", path: from } satisfies DbConfig, target, force: values.force };
}

/** Reads a table in key order, a page at a time. */
async function* readTable(db: Kysely<AnyTables>, table: TableSpec): AsyncGenerator<Row[]> {
  let after: unknown;
  for (;;) {
    let query = db.selectFrom(table.name).selectAll().orderBy(table.key).limit(PAGE_SIZE);
    if (after !== undefined) query = query.where(table.key, ">", after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.[table.key];
    if (rows.length < PAGE_SIZE) return;
  }
}

/** Row count plus order-independent checksums of the keys and of whole rows. */
async function digest(db: Kysely<AnyTables>, table: TableSpec): Promise<TableDigest> {
  const keys: string[] = [];
  const rows: string[] = [];
  for await (const page of readTable(db, table)) {
    for (const row of page) {
      keys.push(String(row[table.key]));
      rows.push(sha256(canonicalRow(row, table)));
    }
  }
  return { rows: keys.length, ids: sha256(keys.sort().join("\n")), content: sha256(rows.sort().join("\n")) };
}

function canonicalRow(row: Row, table: TableSpec): string {
  const columns = Object.keys(row).sort();
  return JSON.stringify(columns.map((column) => {
    const value = row[column];
    return table.booleans.includes(column) ? (value === true || value === 1 ? 1 : 0) : value;
  }));
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The highest id SQLite has handed out, deleted rows included (AUTOINCREMENT never reuses them). */
async function highestIssuedId(source: Kysely<AnyTables>, table: TableSpec): Promise<number> {
  const max = await sql<{ high: number | null }>`select max(${sql.ref(table.key)}) as high from ${sql.table(table.name)}`.execute(source);
  const hasSequence = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_sequence'`.execute(source);
  let issued = 0;
  if (Number(hasSequence.rows[0]?.n) > 0) {
    const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table.name}`.execute(source);
    issued = Number(sequence.rows[0]?.seq ?? 0);
  }
  return Math.max(Number(max.rows[0]?.high ?? 0), issued);
}

async function checkSourceSchema(source: Kysely<AnyTables>): Promise<void> {
  const expected = Object.keys(buildMigrations("sqlite")).sort();
  let applied: string[];
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(source)).rows.map((row) => row.name);
  } catch {
    throw new UsageError("The SQLite file has no site schema (no kysely_migration table): is --from the right file?");
  }
  const unknown = applied.filter((name) => !expected.includes(name));
  const missing = expected.filter((name) => !applied.includes(name));
  if (unknown.length) throw new UsageError(`The SQLite database was migrated by a newer version of the site (${unknown.join(", ")}): run this script from that version.`);
  if (missing.length) throw new UsageError(`The SQLite database lacks migrations ${missing.join(", ")}: start the current site on it once, stop it, then run this again.`);
}

/**
 * The leads' search words: an FTS5 table on SQLite (rowid = lead id), a table with a
 * generated tsvector on PostgreSQL (emptied with the leads, by cascade).
 */
async function copyLeadSearch(read: Kysely<AnyTables>, write: Kysely<AnyTables>): Promise<void> {
  let after = 0;
  for (;;) {
    const page = await sql<{ lead_id: number; body: string }>`select rowid as lead_id, body from lead_search where rowid > ${after} order by rowid limit ${PAGE_SIZE}`.execute(read);
    if (page.rows.length === 0) return;
    await write.insertInto("lead_search").values(page.rows).execute();
    after = Number(page.rows[page.rows.length - 1]!.lead_id);
  }
}

async function copy(source: Kysely<AnyTables>, target: Kysely<AnyTables>, force: boolean): Promise<TableReport[]> {
  await checkSourceSchema(source);
  // A read transaction: every table comes from the same snapshot of the SQLite file.
  return source.transaction().execute((read) =>
    target.transaction().execute(async (write) => {
      // No app instance may write while the copy runs, and the emptiness check must hold until commit.
      await sql`lock table ${sql.join(TABLES.map((table) => sql.table(table.name)))} in access exclusive mode`.execute(write);
      const occupied: string[] = [];
      for (const table of TABLES.filter((spec) => !spec.seeded)) {
        const { n } = await write.selectFrom(table.name).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
        if (Number(n) > 0) occupied.push(`${table.name} (${n})`);
      }
      if (occupied.length && !force) {
        throw new RefusedError(`The target already holds rows: ${occupied.join(", ")}. Use an empty database, or --force to replace them.`);
      }
      for (const table of TABLES) await write.deleteFrom(table.name).execute();

      const reports: TableReport[] = [];
      for (const table of TABLES) {
        for await (const page of readTable(read, table)) await write.insertInto(table.name).values(page).execute();
        let nextId: number | null = null;
        if (table.serial) {
          const issued = await highestIssuedId(read, table);
          const sequence = sql`pg_get_serial_sequence(${table.name}, ${table.key})`;
          // setval(seq, n, true): the next id is n + 1; setval(seq, 1, false): the next id is 1.
          await sql`select setval(${sequence}, ${Math.max(issued, 1)}, ${issued > 0})`.execute(write);
          nextId = issued + 1;
        }
        reports.push({ table: table.name, source: await digest(read, table), target: await digest(write, table), nextId });
      }
      await copyLeadSearch(read, write);
      if (reports.some((report) => !matches(report))) throw new MismatchError(reports);
      return reports;
    }),
  );
}

class MismatchError extends Error {
  constructor(readonly reports: TableReport[]) {
    super("The copy does not match the source; nothing was committed.");
  }
}

function matches(report: TableReport): boolean {
  return report.source.rows === report.target.rows && report.source.ids === report.target.ids && report.source.content === report.target.content;
}

function printSummary(reports: TableReport[]): void {
  const header = ["table", "sqlite rows", "postgres rows", "ids", "content", "next id"];
  const lines = reports.map((report) => [
    report.table,
    String(report.source.rows),
    String(report.target.rows),
    report.source.ids === report.target.ids ? "ok" : "DIFFERENT",
    report.source.content === report.target.content ? "ok" : "DIFFERENT",
    report.nextId === null ? "-" : String(report.nextId),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  for (const line of [header, ...lines]) console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd());
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function main(): Promise<number> {
  const options = readOptions();
  const source = createDb(options.source);
  const target = createDb(options.target);
  try {
    console.log(`From SQLite      ${path.resolve(options.source.path)}`);
    console.log(`To PostgreSQL    ${redact(options.target.url)}`);
    await migrateToLatest(target, "postgres");
    const reports = await copy(source as unknown as Kysely<AnyTables>, target as unknown as Kysely<AnyTables>, options.force);
    console.log("");
    printSummary(reports);
    const total = reports.reduce((sum, report) => sum + report.target.rows, 0);
    console.log(`\nCopied and verified ${total} rows in ${reports.length} tables. Set DATABASE_URL to this database and restart the site.`);
    return 0;
  } catch (error) {
    if (error instanceof MismatchError) {
      console.log("");
      printSummary(error.reports);
    }
    throw error;
  } finally {
    await destroyDb(source);
    await destroyDb(target);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`db:migrate-to-postgres: ${message}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
