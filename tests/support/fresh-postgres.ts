import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty PostgreSQL database for one test run, without Vitest or server-only
 * imports, so Playwright specs and scripts can use it too (Vitest suites use
 * `createFreshDatabase` from test-database.ts, which does the same through the app's config).
 */
export const POSTGRES_SERVER_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface FreshPostgres {
  name: string;
  url: string;
  /** A query inside the new database, on a connection of the test's own. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Ends every connection to the database (a forgotten pool included), then drops it. */
  drop(): Promise<void>;
}

export async function createFreshPostgres(prefix = "test"): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(`These tests need PostgreSQL at ${POSTGRES_SERVER_URL} (or TEST_POSTGRES_URL): ${reason}`, { cause: error });
  }
  await admin.query(`create database "${name}"`);
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  let inside: Promise<pg.Client> | undefined;
  return {
    name,
    url: url.toString(),
    query: async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      inside ??= (async () => {
        const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
        await client.connect();
        return client;
      })();
      return (await (await inside).query<R>(text, values)).rows;
    },
    drop: async () => {
      try {
        if (inside) await (await inside.catch(() => undefined))?.end();
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
        await admin.query(`drop database if exists "${name}"`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** The same database reached through another host and port (e.g. a test proxy). */
export function databaseUrlVia(url: string, port: number, host = "127.0.0.1"): string {
  const via = new URL(url);
  via.hostname = host;
  via.port = String(port);
  return via.toString();
}
