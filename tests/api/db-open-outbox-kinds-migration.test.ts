import { type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, destroyDb, type DbEngine } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider } from "@/server/db/migrations";
import { createFreshDatabase, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * 0016_open_outbox_kinds drops the outbox's kind constraint (SQLite: one last rebuild), so
 * the features after it add kinds without rebuilding the table. The rows, the id sequence,
 * the status constraint and the cascade from a lead must all come through.
 */

const T0 = 1_900_000_000_000;

async function applyUpTo(db: Kysely<unknown>, engine: DbEngine, last: string): Promise<void> {
  const all = buildMigrations(engine);
  const upTo = Object.fromEntries(Object.entries(all).filter(([name]) => name <= last));
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(upTo) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migration 0016_open_outbox_kinds [${engine}]`, () => {
    it("keeps every row and the id sequence, accepts a new kind, and still checks statuses and cascades from a lead", async () => {
      const fresh = await createFreshDatabase(engine);
      const db = createDb(fresh.config);
      const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      try {
        await applyUpTo(db as unknown as Kysely<unknown>, engine, "0015_submission_keys");
        const lead = await sql<{ id: number }>`insert into leads (created_at, updated_at, status, name, email, phone, email_key, phone_key, first_submitted_at, last_submitted_at)
          values (${T0}, ${T0}, 'new', 'Dana Whitfield', 'dana@example.com', '', 'dana@example.com', '', ${T0}, ${T0}) returning id`.execute(db);
        const leadId = Number(lead.rows[0]!.id);
        for (let index = 1; index <= 3; index += 1) {
          await loose
            .insertInto("mail_outbox")
            .values({ created_at: T0 + index, kind: index === 3 ? "reply" : "contact", ref_id: index, payload: "{}", status: "pending", attempts: 0, next_attempt_at: T0 + index, lead_id: index === 1 ? null : leadId })
            .execute();
        }
        await loose.deleteFrom("mail_outbox").where("id", "=", 3).execute();
        const before = await loose.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

        // Up to 0016 only: later migrations may add columns (0019: after_id) that the rows compared here did not have.
        await applyUpTo(db as unknown as Kysely<unknown>, engine, "0016_open_outbox_kinds");

        expect(await loose.selectFrom("mail_outbox").selectAll().orderBy("id").execute()).toEqual(before);
        const added = await loose
          .insertInto("mail_outbox")
          .values({ created_at: T0, kind: "a-kind-added-later", ref_id: null, payload: "{}", status: "pending", attempts: 0, next_attempt_at: T0 })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(Number(added.id)).toBe(4);
        await expect(sql`update mail_outbox set status = 'lost' where id = 1`.execute(db)).rejects.toThrow();
        await sql`delete from leads where id = ${leadId}`.execute(db);
        expect((await loose.selectFrom("mail_outbox").select("id").orderBy("id").execute()).map((row) => Number(row.id))).toEqual([1, 4]);
      } finally {
        await destroyDb(db);
        await fresh.drop();
      }
    });
  });
}
