import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { DbEngine } from "./dialect";

/*
 * The lead search index: SQLite keeps each lead's words in an FTS5 table (rowid = lead
 * id), PostgreSQL in a table with a generated `tsvector` and a GIN index. Both hold the
 * same plain words (lead-identity.ts `leadSearchBody`); queries are prefix matches of
 * every search word, so "dan exam 864" finds dana@example.com at (864) 555-0142.
 */

/** Creates the index (migration 0008). Typed without `Database`, as migrations are. */
export async function createLeadSearchIndex(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  if (engine === "sqlite") {
    await sql`create virtual table lead_search using fts5(body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    return;
  }
  await sql`create table lead_search (
    lead_id bigint primary key references leads (id) on delete cascade,
    body text not null,
    document tsvector generated always as (to_tsvector('simple', body)) stored
  )`.execute(db);
  await sql`create index lead_search_document_idx on lead_search using gin (document)`.execute(db);
}

/** Sets one lead's search words (`body` from `leadSearchBody`). */
export async function writeLeadSearch<DB>(db: Kysely<DB>, engine: DbEngine, leadId: number, body: string): Promise<void> {
  if (engine === "sqlite") {
    await sql`delete from lead_search where rowid = ${leadId}`.execute(db);
    await sql`insert into lead_search (rowid, body) values (${leadId}, ${body})`.execute(db);
    return;
  }
  await sql`insert into lead_search (lead_id, body) values (${leadId}, ${body})
    on conflict (lead_id) do update set body = excluded.body`.execute(db);
}

/** Adds a new submission's words to its lead's (read, merged and written back: no rereading of every submission). */
export async function addLeadSearchWords<DB>(db: Kysely<DB>, engine: DbEngine, leadId: number, body: string): Promise<void> {
  const words = new Set([...(await readLeadSearch(db, engine, leadId)).split(" "), ...body.split(" ")].filter((word) => word !== ""));
  await writeLeadSearch(db, engine, leadId, [...words].join(" "));
}

/** A lead's words as stored ("" when it has none). */
export async function readLeadSearch<DB>(db: Kysely<DB>, engine: DbEngine, leadId: number): Promise<string> {
  const found =
    engine === "sqlite"
      ? await sql<{ body: string }>`select body from lead_search where rowid = ${leadId}`.execute(db)
      : await sql<{ body: string }>`select body from lead_search where lead_id = ${leadId}`.execute(db);
  return found.rows[0]?.body ?? "";
}

/** Adds the words of leads that have none yet, in one statement (the demo and benchmark data). */
export async function writeLeadSearchMany<DB>(db: Kysely<DB>, engine: DbEngine, rows: readonly { leadId: number; body: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((row) => sql`(${row.leadId}, ${row.body})`));
  if (engine === "sqlite") await sql`insert into lead_search (rowid, body) values ${values}`.execute(db);
  else await sql`insert into lead_search (lead_id, body) values ${values}`.execute(db);
}

/** Drops a deleted lead's words (PostgreSQL's cascade does it; an FTS5 table has no foreign keys). */
export async function deleteLeadSearch<DB>(db: Kysely<DB>, engine: DbEngine, leadId: number): Promise<void> {
  if (engine === "sqlite") await sql`delete from lead_search where rowid = ${leadId}`.execute(db);
}

/**
 * A condition on `leads.id`: the lead's words hold a word starting with each term.
 * Terms come from `searchTerms` (letters and digits only), so they cannot carry query syntax.
 */
export function leadIdMatches(engine: DbEngine, terms: readonly string[]): Expression<SqlBool> {
  if (engine === "sqlite") {
    const match = terms.map((term) => `"${term}"*`).join(" AND ");
    return sql<SqlBool>`leads.id in (select rowid from lead_search where lead_search match ${match})`;
  }
  const query = terms.map((term) => `${term}:*`).join(" & ");
  return sql<SqlBool>`leads.id in (select lead_id from lead_search where document @@ to_tsquery('simple', ${query}))`;
}
