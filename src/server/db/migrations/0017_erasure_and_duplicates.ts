import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * 0017: an erased person's words leave the SQLite search index. FTS5 otherwise keeps a
 * deleted row's terms in its b-tree (only marked deleted) until segments merge; with its
 * `secure-delete` option (SQLite 3.44+) a delete removes them at once, and an `optimize`
 * merges away what earlier erasures left. PostgreSQL's index is a plain table: nothing to do.
 */
export async function eraseForGood(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  if (engine !== "sqlite") return;
  await sql`insert into lead_search (lead_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into lead_search (lead_search) values ('optimize')`.execute(db);
}
