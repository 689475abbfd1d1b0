import { type Kysely, type Migration, Migrator, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb, type DbEngine, destroyDb } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider } from "@/server/db/migrations";
import { buildSingleFileMigrations } from "../support/single-file-migrations";
import { createFreshDatabase, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * Migrations are history (src/server/db/migrations/, one file each, their rules frozen). This migrates a database
 * holding real rows from the first migration to the last, rows added at two points on the way as the app of that
 * day wrote them, and a twin database the old way (tests/support/single-file-migrations.ts: the single file that
 * imported today's rules). Both must end with the same schema and the same rows, byte for byte.
 */

const T0 = Date.UTC(2026, 2, 2, 15, 0);
type Loose = Kysely<Record<string, Record<string, unknown>>>;

async function migrateUpTo(db: Kysely<unknown>, all: Record<string, Migration>, last: string): Promise<void> {
  const migrations = Object.fromEntries(Object.entries(all).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: new InCodeMigrationProvider(migrations) }).migrateToLatest();
  if (error) throw error;
}

/** Rows as the app wrote them before leads existed (after 0007): contact requests, surveys, their mail, the owner's. */
async function writeEarlyRows(db: Loose): Promise<void> {
  const contacts = [
    { created_at: T0 + 1, viewed: 1, name: "Dana Whitfield", email: "Dana@Example.com", phone: "(864) 555-0142", project_type: "managed-internet", source: "quote", message: "Failover for two offices, café downtown." },
    { created_at: T0 + 60_001, viewed: 0, name: "Dana Whitfield", email: "Dana@Example.com", phone: "(864) 555-0142", project_type: "managed-internet", source: "quote", message: "Failover for two offices." },
    { created_at: T0 + 5, viewed: 0, name: "Eli Park", email: "eli@park.example", phone: "1 (803) 555-0190", project_type: "it-support", source: null, message: "Printers keep dropping off." },
    { created_at: T0 + 9, viewed: 0, name: "Zoë Ångström", email: "zoe@example.net", phone: "+1 704 555 0101", project_type: "other", source: null, message: "Prices <b>please</b> <!channel>" },
    { created_at: T0 + 11, viewed: 0, name: "No Phone", email: "nophone@example.org", phone: "", project_type: "web-design", source: "web", message: "A new site." },
  ];
  const surveys = [
    { created_at: T0 + 3, viewed: 1, business_name: "Whitfield Law", email: " dana@example.COM", phone_number: "864-555-9999", address: "1 Main St", employee_count: 4, device_count: 10, primary_internet_use: "Email", uses_streaming: 0, has_public_wifi: 0, phone_count: 2, interested_services: '["voip"]', additional_comments: "Quiet office." },
    { created_at: T0 + 7, viewed: 0, business_name: "Park Printing", email: "office@parkprinting.example", phone_number: "803.555.0190", address: "9 Elm St", employee_count: 12, device_count: 30, primary_internet_use: "Card payments and Zoom", uses_streaming: 1, has_public_wifi: 1, phone_count: 6, interested_services: '["fiber","starlink"]', additional_comments: "" },
    { created_at: T0 + 8, viewed: 0, business_name: "Lone Survey Co", email: "lone@survey.example", phone_number: "828-555-0111", address: "3 Oak Ave", employee_count: 60, device_count: 120, primary_internet_use: "Point of sale", uses_streaming: 0, has_public_wifi: 0, phone_count: 20, interested_services: '["managed-it","web-design","voip"]', additional_comments: "Kiosk downtown." },
    { created_at: T0 + 8, viewed: 0, business_name: "Lone Survey Co", email: "lone@survey.example", phone_number: "828-555-0111", address: "3 Oak Ave", employee_count: 2, device_count: 3, primary_internet_use: "", uses_streaming: 0, has_public_wifi: 0, phone_count: 0, interested_services: "not json", additional_comments: "Same second, higher id: this one decides the score." },
  ];
  for (const row of contacts) await db.insertInto("contact_requests").values(row).execute();
  for (const row of surveys) await db.insertInto("survey_submissions").values(row).execute();
  await db.deleteFrom("contact_requests").where("name", "=", "No Phone").execute();
  await db
    .insertInto("mail_outbox")
    .values([
      { created_at: T0 + 6, kind: "contact", ref_id: 3, payload: '{"to":"owner@example.com"}', status: "sent", attempts: 1, next_attempt_at: T0 + 6, sent_at: T0 + 6 },
      { created_at: T0 + 7, kind: "survey", ref_id: 2, payload: '{"to":"owner@example.com"}', status: "held", attempts: 0, next_attempt_at: T0 + 7 },
      { created_at: T0 + 8, kind: "digest", ref_id: null, payload: '{"to":"owner@example.com"}', status: "pending", attempts: 2, next_attempt_at: T0 + 9, last_error: "timeout" },
    ])
    .execute();
  await db.insertInto("rate_limits").values({ key: "contact:203.0.113.9", window_start: T0, count: 3, expires_at: T0 + 3_600_000 }).execute();
  await db.insertInto("settings").values({ key: "admin_password_hash", value: "scrypt$abc" }).execute();
  await db.insertInto("login_throttle").values({ key: "owner", attempts: 4, blocked_until: T0 + 60_000, last_attempt_at: T0 }).execute();
  await db.insertInto("admin_sessions").values({ token_hash: "h1", public_id: "p1", created_at: T0, last_seen_at: T0, expires_at: T0 + 1, user_agent: "Firefox", address: "203.0.113.9" }).execute();
  await db.insertInto("admin_two_factor").values({ id: 1, secret: "s", enabled_at: T0, last_time_step: 5 }).execute();
  await db.insertInto("admin_recovery_codes").values({ code_hash: "c1", created_at: T0 }).execute();
  await db.insertInto("admin_retired_device_cookies").values({ nonce: "n1", retired_at: T0 }).execute();
}

/** Rows as the desk wrote them between 0009 and 0011: a moved lead with a timeline, a survey attached to it. */
async function writeDeskRows(db: Loose): Promise<void> {
  const dana = await db.selectFrom("leads").select("id").where("email_key", "=", "dana@example.com").executeTakeFirstOrThrow();
  await db.updateTable("leads").set({ status: "won", updated_at: T0 + 500 }).where("id", "=", dana.id).execute();
  await db
    .insertInto("lead_events")
    .values([
      { lead_id: dana.id, type: "status", at: T0 + 100, data: '{"from":"new","to":"quoted"}' },
      { lead_id: dana.id, type: "status", at: T0 + 200, data: '{"from":"quoted","to":"won"}' },
      { lead_id: dana.id, type: "note", at: T0 + 300, data: '{"text":"Signed."}' },
    ])
    .execute();
  const eli = await db.selectFrom("leads").select("id").where("email_key", "=", "eli@park.example").executeTakeFirstOrThrow();
  await db.updateTable("leads").set({ status: "lost", updated_at: T0 + 700 }).where("id", "=", eli.id).execute();
  await db
    .insertInto("survey_submissions")
    .values({ created_at: T0 + 400, viewed: 0, business_name: "Park Printing", email: "eli@park.example", phone_number: "803.555.0190", address: "9 Elm St", employee_count: 30, device_count: 60, primary_internet_use: "Cloud EHR", uses_streaming: 1, has_public_wifi: 1, phone_count: 2, interested_services: '["guest-wifi"]', additional_comments: "", lead_id: eli.id, touch: '{"channel":"Direct"}' })
    .execute();
}

async function schemaOf(db: Kysely<unknown>, engine: DbEngine): Promise<unknown[]> {
  if (engine === "sqlite") {
    return (await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db)).rows;
  }
  const columns = await sql`
    select table_name, column_name, ordinal_position, data_type, is_nullable, column_default, is_generated, generation_expression
    from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  const indexes = await sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(db);
  const constraints = await sql`
    select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = current_schema()::regnamespace order by conname`.execute(db);
  return [columns.rows, indexes.rows, constraints.rows];
}

async function rowsOf(db: Kysely<unknown>, engine: DbEngine): Promise<Record<string, string[]>> {
  const tables =
    engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() order by table_name`.execute(db);
  const rows: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const all = name === "lead_search" && engine === "sqlite" ? sql`select rowid, * from lead_search` : sql`select * from ${sql.table(name)}`;
    const found = await all.execute(db);
    rows[name] = found.rows.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migrations as history [${engine}]`, () => {
    beforeEach(() => {
      // The reply templates' seeds and Kysely's bookkeeping are stamped with the clock: one instant for both databases.
      vi.useFakeTimers({ toFake: ["Date"], now: T0 + 10_000 });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("builds the same schema and rows from real data as the single-file migrations did", async () => {
      // The single file stopped at 0019; later migrations came as files only, so both are compared up to there.
      const lastOfSingleFile = Object.keys(buildSingleFileMigrations(engine)).sort().at(-1)!;
      const results = [];
      for (const migrations of [buildMigrations(engine), buildSingleFileMigrations(engine)]) {
        const fresh = await createFreshDatabase(engine);
        const db = createDb(fresh.config) as unknown as Kysely<unknown>;
        try {
          await migrateUpTo(db, migrations, "0007_outbox_subjects");
          await writeEarlyRows(db as Loose);
          await migrateUpTo(db, migrations, "0009_lead_insight");
          await writeDeskRows(db as Loose);
          await migrateUpTo(db, migrations, lastOfSingleFile);
          results.push({ schema: await schemaOf(db, engine), rows: await rowsOf(db, engine) });
        } finally {
          await destroyDb(db as never);
          await fresh.drop();
        }
      }
      const [byFiles, bySingleFile] = results;
      expect(Object.keys(byFiles!.rows)).toContain("leads");
      expect(byFiles!.rows.leads).toHaveLength(4);
      expect(byFiles!.rows.kysely_migration).toHaveLength(Object.keys(buildSingleFileMigrations(engine)).length);
      expect(byFiles!.schema).toEqual(bySingleFile!.schema);
      expect(byFiles!.rows).toEqual(bySingleFile!.rows);
    });
  });
}
