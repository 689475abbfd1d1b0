import { type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, destroyDb, type DbEngine } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider, migrateToLatest } from "@/server/db/migrations";
import { createFreshDatabase, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * 0005_mail_digest widens the outbox's kinds and statuses (a check constraint, which
 * SQLite can only change by rebuilding the table): an existing outbox must come through
 * it whole, ids and id sequence included.
 */

const T0 = 1_900_000_000_000;

function message(index: number): string {
  return JSON.stringify({ to: "owner@example.com", from: "website@example.com", subject: `Lead ${index}`, text: `Lead ${index}`, html: `<p>Lead ${index}</p>` });
}

async function applyOnly(db: Kysely<unknown>, engine: DbEngine, name: string): Promise<void> {
  const migrations = buildMigrations(engine);
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider({ [name]: migrations[name]! }) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migration 0005_mail_digest [${engine}]`, () => {
    it("keeps every outbox row, id and the id sequence, and then accepts held, digested and digest rows", async () => {
      const fresh = await createFreshDatabase(engine);
      const db = createDb(fresh.config);
      const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      try {
        await applyOnly(db as unknown as Kysely<unknown>, engine, "0001_initial");
        for (let index = 1; index <= 4; index += 1) {
          await loose
            .insertInto("mail_outbox")
            .values({ created_at: T0 + index, kind: index % 2 ? "contact" : "survey", ref_id: index, payload: message(index), status: index === 1 ? "sent" : "pending", attempts: index === 1 ? 1 : 0, next_attempt_at: T0 + index, sent_at: index === 1 ? T0 + 10 : null })
            .execute();
        }
        // The newest message is gone; its id must not be handed out again.
        await loose.deleteFrom("mail_outbox").where("id", "=", 4).execute();
        const before = await loose.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

        await migrateToLatest(db, engine);

        const after = await loose.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
        // 0009_lead_insight rebuilds the table again (SQLite) and adds lead_id: rows of no stored submission name no lead; 0019 adds after_id.
        expect(after).toEqual(before.map((row) => ({ ...row, digest_id: null, lead_id: null, after_id: null })));
        const digest = await db
          .insertInto("mail_outbox")
          .values({ created_at: T0, kind: "digest", ref_id: null, payload: message(0), status: "pending", attempts: 0, next_attempt_at: T0 })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(digest.id).toBe(5);
        await db.updateTable("mail_outbox").set({ status: "held" }).where("id", "=", 2).execute();
        await db.updateTable("mail_outbox").set({ status: "digested", digest_id: digest.id }).where("id", "=", 3).execute();
        expect((await db.selectFrom("mail_outbox").select(["id", "status", "digest_id"]).orderBy("id").execute()).map((row) => [row.id, row.status, row.digest_id])).toEqual([
          [1, "sent", null],
          [2, "held", null],
          [3, "digested", 5],
          [5, "pending", null],
        ]);
        // The status constraint still refuses what no code writes (the kinds are open since 0016).
        await expect(sql`update mail_outbox set status = 'lost' where id = 1`.execute(db)).rejects.toThrow();
      } finally {
        await destroyDb(db);
        await fresh.drop();
      }
    });
  });
}
