/**
 * npm run db:backup [-- <file>] — a consistent copy of the SQLite database, safe to
 * take while the site runs (SQLite's online backup API through better-sqlite3), into
 * ./backups/site-<timestamp>.db or the given file. Prints the path and the row counts.
 * PostgreSQL deployments back up with pg_dump or their provider's snapshots instead
 * (docs/reliability.md, "Backups").
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { readDbConfig } from "../src/server/db/connection";

const TABLES = ["contact_requests", "survey_submissions", "mail_outbox", "admin_sessions", "admin_setup_tokens", "rate_limits", "login_throttle", "settings", "admin_two_factor", "admin_recovery_codes", "admin_pending_logins"] as const;

function defaultTarget(now = new Date()): string {
  return path.join("backups", `site-${now.toISOString().replace(/[:.]/g, "-")}.db`);
}

async function main(): Promise<void> {
  const config = readDbConfig();
  if (config.engine !== "sqlite") {
    throw new Error("DATABASE_URL points at PostgreSQL: back it up with `pg_dump -Fc` (see docs/reliability.md), not with this script.");
  }
  const source = path.resolve(config.path);
  if (!existsSync(source)) throw new Error(`No SQLite database at ${source} (DATABASE_PATH).`);
  const target = path.resolve(process.argv[2] ?? defaultTarget());
  if (existsSync(target)) throw new Error(`${target} already exists; choose another file.`);
  mkdirSync(path.dirname(target), { recursive: true });

  const database = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    // All remaining pages in one step: the copy is one read transaction, a snapshot of
    // the last commit, and a writer in the running site can neither block it nor restart it.
    await database.backup(target, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }

  const copy = new Database(target, { fileMustExist: true });
  try {
    // The copy keeps the site's WAL mode; a rollback journal makes it one self-contained
    // file (the site switches it back to WAL when it opens a restored copy).
    copy.pragma("journal_mode = DELETE");
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`The copy at ${target} failed integrity_check: ${String(integrity)}`);
    console.log(`backup: ${target}`);
    for (const table of TABLES) {
      const row = copy.prepare(`select count(*) as count from ${table}`).get() as { count: number };
      console.log(`  ${table.padEnd(20)} ${row.count}`);
    }
  } finally {
    copy.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
