import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/*
 * Where SQLite and PostgreSQL differ, and the only place the engine is decided: a feature
 * calls these helpers and never asks which engine it runs on. The lead search index is
 * one of the differences (below).
 */

/** The two database engines the app runs on: embedded SQLite, or PostgreSQL when DATABASE_URL is set. */
export type DbEngine = "sqlite" | "postgres";

/** Which engine `db` (or a transaction of it) runs on. */
export function engineOf<DB>(db: Kysely<DB>): DbEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** `column` holds `text` anywhere; a plain substring test, so `%` and `_` in `text` are characters like any other. */
export function containsText<DB>(db: Kysely<DB>, column: string, text: string): Expression<SqlBool> {
  return engineOf(db) === "postgres" ? sql<SqlBool>`strpos(${sql.ref(column)}, ${text}) > 0` : sql<SqlBool>`instr(${sql.ref(column)}, ${text}) > 0`;
}

/**
 * Makes `trx` wait for any other transaction that called this with the same `key` until that one ends, so
 * the two never run side by side. SQLite's transactions begin IMMEDIATE (connection.ts) and already hold
 * its one write lock from the start; PostgreSQL locks rows only as a statement reaches them, so there the
 * transaction takes an advisory lock.
 */
export async function oneTransactionAtATime<DB>(trx: Kysely<DB>, key: number): Promise<void> {
  if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${sql.lit(key)})`.execute(trx);
}

/** The ids a claim picks: a select of one `id` column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's select of ids
type IdSelect<DB> = SelectQueryBuilder<DB, any, { id: number }>;

/**
 * Claims the rows `due` selects for this caller alone: `take` updates the rows with those ids and returns
 * them. Two callers at once never take the same row. On PostgreSQL a plain `UPDATE … WHERE id IN
 * (SELECT … LIMIT n)` is not enough: a second caller blocked on the same rows re-checks only `id IN (…)`
 * after the first commits and takes them too, so the rows are locked with SKIP LOCKED in a transaction
 * and each caller gets different ones. On SQLite one statement does it: it takes the write lock before
 * reading, so a second process waits (busy_timeout) and then sees the rows as already taken.
 */
export async function claimRows<DB, Row>(
  db: Kysely<DB>,
  due: (executor: Kysely<DB>) => IdSelect<DB>,
  take: (executor: Kysely<DB>, ids: readonly number[] | IdSelect<DB>) => Promise<Row[]>,
): Promise<Row[]> {
  if (engineOf(db) === "sqlite") return take(db, due(db));
  return db.transaction().execute(async (trx) => {
    const locked = await due(trx).forUpdate().skipLocked().execute();
    return locked.length === 0 ? [] : take(trx, locked.map((row) => row.id));
  });
}

/**
 * What a list sorted by `column` sorts on while it is filtered by a search. PostgreSQL's planner cannot
 * estimate how many rows a prefix search matches, so for a word few leads have it walked the whole time
 * index looking for a page of them (0.4 s at 100,000 leads, for a search that finds nothing); an
 * expression of the column, which no index holds, makes it find the matches first and sort only those.
 * SQLite sorts on the column itself.
 */
export function searchSortKey<DB>(db: Kysely<DB>, column: string): RawBuilder<unknown> {
  return engineOf(db) === "postgres" ? sql`${sql.ref(column)} + 0` : sql`${sql.ref(column)}`;
}

/*
 * The lead search index: SQLite keeps each lead's words in an FTS5 table (rowid = lead
 * id), PostgreSQL in a table with a generated `tsvector` and a GIN index. Both hold the
 * same plain words (lead-identity.ts `leadSearchBody`); queries are prefix matches of
 * every search word, so "dan exam 864" finds dana@example.com at (864) 555-0142.
 */

/** Sets one lead's search words (`body` from `leadSearchBody`). */
export async function writeLeadSearch<DB>(db: Kysely<DB>, leadId: number, body: string): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`delete from lead_search where rowid = ${leadId}`.execute(db);
    await sql`insert into lead_search (rowid, body) values (${leadId}, ${body})`.execute(db);
    return;
  }
  await sql`insert into lead_search (lead_id, body) values (${leadId}, ${body})
    on conflict (lead_id) do update set body = excluded.body`.execute(db);
}

/** Adds a new submission's words to its lead's (read, merged and written back: no rereading of every submission). */
export async function addLeadSearchWords<DB>(db: Kysely<DB>, leadId: number, body: string): Promise<void> {
  const words = new Set([...(await readLeadSearch(db, leadId)).split(" "), ...body.split(" ")].filter((word) => word !== ""));
  await writeLeadSearch(db, leadId, [...words].join(" "));
}

/** A lead's words as stored ("" when it has none). */
export async function readLeadSearch<DB>(db: Kysely<DB>, leadId: number): Promise<string> {
  const found =
    engineOf(db) === "sqlite"
      ? await sql<{ body: string }>`select body from lead_search where rowid = ${leadId}`.execute(db)
      : await sql<{ body: string }>`select body from lead_search where lead_id = ${leadId}`.execute(db);
  return found.rows[0]?.body ?? "";
}

/** Adds the words of leads that have none yet, in one statement (the demo and benchmark data). */
export async function writeLeadSearchMany<DB>(db: Kysely<DB>, rows: readonly { leadId: number; body: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((row) => sql`(${row.leadId}, ${row.body})`));
  if (engineOf(db) === "sqlite") await sql`insert into lead_search (rowid, body) values ${values}`.execute(db);
  else await sql`insert into lead_search (lead_id, body) values ${values}`.execute(db);
}

/** Drops a deleted lead's words (PostgreSQL's cascade does it; an FTS5 table has no foreign keys). */
export async function deleteLeadSearch<DB>(db: Kysely<DB>, leadId: number): Promise<void> {
  if (engineOf(db) === "sqlite") await sql`delete from lead_search where rowid = ${leadId}`.execute(db);
}

/**
 * A condition on `leads.id`: the lead's words hold a word starting with each term.
 * Terms come from `searchTerms` (letters and digits only), so they cannot carry query syntax.
 */
export function leadIdMatches<DB>(db: Kysely<DB>, terms: readonly string[]): Expression<SqlBool> {
  if (engineOf(db) === "sqlite") {
    const match = terms.map((term) => `"${term}"*`).join(" AND ");
    return sql<SqlBool>`leads.id in (select rowid from lead_search where lead_search match ${match})`;
  }
  const query = terms.map((term) => `${term}:*`).join(" & ");
  return sql<SqlBool>`leads.id in (select lead_id from lead_search where document @@ to_tsquery('simple', ${query}))`;
}
