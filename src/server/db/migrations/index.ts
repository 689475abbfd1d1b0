import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { DbEngine } from "../dialect";
import { createInitialSchema } from "./0001_initial";
import { createLoginThrottle } from "./0002_login_throttle";
import { addAdminAccount } from "./0003_admin_account";
import { createTwoFactorTables } from "./0004_two_factor";
import { addMailDigest } from "./0005_mail_digest";
import { createRetiredDeviceCookies } from "./0006_auth_revocation";
import { indexOutboxSubjects } from "./0007_outbox_subjects";
import { createLeads } from "./0008_leads";
import { addLeadInsight } from "./0009_lead_insight";
import { addLeadMilestones } from "./0011_lead_milestones";
import { createReplyTemplates } from "./0012_reply_templates";
import { scoreLeads } from "./0013_lead_scores";
import { addAuditLog } from "./0014_audit_log";
import { addSubmissionKeys } from "./0015_submission_keys";
import { openOutboxKinds } from "./0016_open_outbox_kinds";
import { eraseForGood } from "./0017_erasure_and_duplicates";
import { addOwnerPhone } from "./0018_owner_phone";
import { createBookings } from "./0019_bookings";
import { addPossibleDuplicates } from "./0020_possible_duplicates";
import { createPushSubscriptions } from "./0021_push_subscriptions";
import { createQuotes } from "./0022_quotes";

export type { DbEngine };

/**
 * Our own advisory lock, held around the whole migration run. Kysely's migrator locks
 * only around applying migrations; creating its bookkeeping tables happens before that
 * and can race when several instances start at once.
 */
const POSTGRES_MIGRATION_LOCK = 4_820_133_715;

/**
 * Ordered by name, one file per migration beside this one. Never edit an applied migration: add a new one. A
 * migration is history: it imports no rule of today's code (identity keys, search words, scores); what it needs it
 * carries, frozen as of its date (./frozen/).
 */
export function buildMigrations(engine: DbEngine): Record<string, Migration> {
  return {
    "0001_initial": { up: (db) => createInitialSchema(db, engine) },
    "0002_login_throttle": { up: (db) => createLoginThrottle(db) },
    "0003_admin_account": { up: (db) => addAdminAccount(db) },
    "0004_two_factor": { up: (db) => createTwoFactorTables(db) },
    "0005_mail_digest": { up: (db) => addMailDigest(db, engine) },
    "0006_auth_revocation": { up: (db) => createRetiredDeviceCookies(db) },
    "0007_outbox_subjects": { up: (db) => indexOutboxSubjects(db) },
    "0008_leads": { up: (db) => createLeads(db, engine) },
    "0009_lead_insight": { up: (db) => addLeadInsight(db, engine) },
    "0011_lead_milestones": { up: (db) => addLeadMilestones(db, engine) },
    "0012_reply_templates": { up: (db) => createReplyTemplates(db, engine) },
    "0013_lead_scores": { up: (db) => scoreLeads(db) },
    "0014_audit_log": { up: (db) => addAuditLog(db, engine) },
    "0015_submission_keys": { up: (db) => addSubmissionKeys(db) },
    "0016_open_outbox_kinds": { up: (db) => openOutboxKinds(db, engine) },
    "0017_erasure_and_duplicates": { up: (db) => eraseForGood(db, engine) },
    "0018_owner_phone": { up: (db) => addOwnerPhone(db) },
    "0019_bookings": { up: (db) => createBookings(db, engine) },
    "0020_possible_duplicates": { up: (db) => addPossibleDuplicates(db, engine) },
    "0021_push_subscriptions": { up: (db) => createPushSubscriptions(db, engine) },
    "0022_quotes": { up: (db) => createQuotes(db, engine) },
  };
}

/** In-code provider: the app is bundled, so there is no migrations folder to read at run time. */
export class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.migrations);
  }
}

/**
 * Applies pending migrations. Safe to call from several processes at once: PostgreSQL
 * serialises runs with an advisory lock, SQLite with `BEGIN IMMEDIATE` (which also
 * makes a failed run leave no half-built schema behind).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, engine: DbEngine): Promise<void> {
  await db.connection().execute(async (connection) => {
    if (engine === "postgres") {
      await sql`select pg_advisory_lock(${sql.lit(POSTGRES_MIGRATION_LOCK)})`.execute(connection);
      try {
        await runMigrator(connection, engine);
      } finally {
        // A broken connection releases the lock by ending the session; do not mask the real error.
        await sql`select pg_advisory_unlock(${sql.lit(POSTGRES_MIGRATION_LOCK)})`.execute(connection).catch(() => undefined);
      }
      return;
    }

    await sql`begin immediate`.execute(connection);
    try {
      await runMigrator(connection, engine);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

async function runMigrator<DB>(db: Kysely<DB>, engine: DbEngine): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(buildMigrations(engine)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error");
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ""}failed: ${reason}`, { cause: error });
  }
}
