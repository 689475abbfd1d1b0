import { type Kysely, sql } from "kysely";
import { engineOf, getDb } from "@/server/db/connection";
import type { Database } from "@/server/db/schema";

/**
 * Every `table.column` holding `needle`, searched in every column of every table the
 * database's own catalog lists (each value read as text), so tables added later are
 * searched too.
 */
export async function columnsContaining(needle: string): Promise<string[]> {
  const db = await getDb();
  const columns = await catalogColumns(db);
  if (!columns.some((column) => column.table === "mail_outbox")) throw new Error("The catalog lists no mail_outbox: the scan would prove nothing.");
  const hits: string[] = [];
  for (const { table, column } of columns) {
    const contains =
      engineOf(db) === "postgres" ? sql`strpos(${sql.ref(column)}::text, ${needle}) > 0` : sql`instr(cast(${sql.ref(column)} as text), ${needle}) > 0`;
    const found = await sql<{ hits: number }>`select count(*) as hits from ${sql.table(table)} where ${contains}`.execute(db);
    if (Number(found.rows[0]?.hits) > 0) hits.push(`${table}.${column}`);
  }
  return hits.sort();
}

/** Every column of every table: information_schema on PostgreSQL, sqlite_master and table_info on SQLite. */
export async function catalogColumns(db: Kysely<Database>): Promise<{ table: string; column: string }[]> {
  if (engineOf(db) === "postgres") {
    const result = await sql<{ table: string; column: string }>`
      select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
    return result.rows;
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    columns.push(...info.rows.map((row) => ({ table: name, column: row.name })));
  }
  return columns;
}

/**
 * Every `table.column` whose stored bytes hold `needle`: each value read as it is stored
 * (a blob as its bytes, text as UTF-8, anything else as its text on PostgreSQL), so the
 * full-text index's own tables (FTS5's `_data` blobs, PostgreSQL's tsvector) are read too.
 */
export async function storedBytesContaining(needle: string): Promise<string[]> {
  const db = await getDb();
  const postgres = engineOf(db) === "postgres";
  const wanted = Buffer.from(needle);
  const hits: string[] = [];
  for (const { table, column } of await catalogColumns(db)) {
    const value = postgres ? sql`${sql.ref(column)}::text` : sql.ref(column);
    const rows = await sql<{ value: unknown }>`select ${value} as value from ${sql.table(table)}`.execute(db);
    const found = rows.rows.some(({ value: stored }) => stored !== null && (Buffer.isBuffer(stored) ? stored : Buffer.from(String(stored))).includes(wanted));
    if (found) hits.push(`${table}.${column}`);
  }
  return hits.sort();
}
