import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../../dialect";

/*
 * FROZEN. The lead search index as migration 0008_leads created and filled it: a copy of the parts of
 * src/server/db/dialect.ts it used, as of commit 1e6039f (2026-11-27).
 */

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

export async function writeLeadSearch(db: Kysely<unknown>, engine: DbEngine, leadId: number, body: string): Promise<void> {
  if (engine === "sqlite") {
    await sql`delete from lead_search where rowid = ${leadId}`.execute(db);
    await sql`insert into lead_search (rowid, body) values (${leadId}, ${body})`.execute(db);
    return;
  }
  await sql`insert into lead_search (lead_id, body) values (${leadId}, ${body})
    on conflict (lead_id) do update set body = excluded.body`.execute(db);
}
