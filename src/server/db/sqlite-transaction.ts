import type SQLite from "better-sqlite3";
import type { Compilable, Kysely } from "kysely";
import { DatabaseUnavailableError, sqliteHandleOf } from "./connection";
import type { Database } from "./schema";

/** Runs a Kysely query on the better-sqlite3 handle, synchronously; its rows, if it returns any. */
export type SyncRun = <Row>(query: Compilable<Row>) => Row[];

/**
 * Runs `work` in one `BEGIN IMMEDIATE` transaction on a SQLite instance, synchronously,
 * while holding Kysely's one connection. For work that reads and then writes: no other
 * statement of this process runs in between, and no write lock is held across an await,
 * where another connection on the same thread (a second instance in a test) would wait
 * on it with the thread blocked.
 */
export async function runSqliteTransaction<T>(db: Kysely<Database>, work: (run: SyncRun) => T): Promise<T> {
  return db.connection().execute(async () => {
    const handle = sqliteHandleOf(db);
    if (!handle) throw new DatabaseUnavailableError("The SQLite database is not open.");
    if (handle.inTransaction) throw new Error("A transaction is already open on the SQLite connection.");
    const run: SyncRun = <Row>(query: Compilable<Row>): Row[] => {
      const compiled = query.compile();
      const statement: SQLite.Statement = handle.prepare(compiled.sql);
      if (statement.reader) return statement.all(...compiled.parameters) as Row[];
      statement.run(...compiled.parameters);
      return [];
    };
    return handle.transaction(() => work(run)).immediate();
  });
}
