import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, type DbEngine, destroyDb } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider, migrateToLatest } from "@/server/db/migrations";
import { createFreshDatabase, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * 0011_lead_milestones fills each existing lead's quoted_at, won_at and lost_at from the
 * first status entry of its timeline moving it there; a lead sitting in one of those
 * statuses without such an entry reached it when it last changed.
 */

const T0 = Date.UTC(2030, 0, 1);
const LOOSE = <T>(db: T) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

async function migrateUpTo(db: Kysely<unknown>, engine: DbEngine, last: string): Promise<void> {
  const migrations = Object.fromEntries(Object.entries(buildMigrations(engine)).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: new InCodeMigrationProvider(migrations) }).migrateToLatest();
  if (error) throw error;
}

const lead = (name: string, status: string, updatedAt: number) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  email_key: `${name.toLowerCase()}@example.com`,
  status,
  first_submitted_at: T0,
  last_submitted_at: T0,
  created_at: T0,
  updated_at: updatedAt,
});

const status = (from: string, to: string) => JSON.stringify({ from, to });

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migration 0011_lead_milestones [${engine}]`, () => {
    it("fills the milestones from the timeline's first move to each status", async () => {
      const fresh = await createFreshDatabase(engine);
      const db = createDb(fresh.config);
      const loose = LOOSE(db);
      try {
        await migrateUpTo(db as unknown as Kysely<unknown>, engine, "0009_lead_insight");
        const ids: Record<string, number> = {};
        for (const row of [lead("Quoted", "quoted", T0 + 90), lead("Lost", "lost", T0 + 90), lead("Bare", "won", T0 + 77), lead("Fresh", "new", T0 + 5)]) {
          const inserted = await loose.insertInto("leads").values(row).returning("id").executeTakeFirstOrThrow();
          ids[row.name] = Number(inserted.id);
        }
        const events = [
          // Quoted twice and back: the first time counts; a note mentioning "quoted" is no status.
          { lead_id: ids.Quoted, type: "status", at: T0 + 20, data: status("contacted", "quoted") },
          { lead_id: ids.Quoted, type: "status", at: T0 + 30, data: status("quoted", "contacted") },
          { lead_id: ids.Quoted, type: "status", at: T0 + 40, data: status("contacted", "quoted") },
          { lead_id: ids.Quoted, type: "note", at: T0 + 10, data: JSON.stringify({ text: "to: quoted" }) },
          // Won, then lost.
          { lead_id: ids.Lost, type: "status", at: T0 + 50, data: status("new", "won") },
          { lead_id: ids.Lost, type: "status", at: T0 + 60, data: JSON.stringify({ from: "won", to: "lost", lostReason: "price", lostNote: null }) },
        ];
        for (const event of events) await loose.insertInto("lead_events").values(event).execute();

        await migrateToLatest(db, engine);

        const rows = await loose.selectFrom("leads").select(["name", "quoted_at", "won_at", "lost_at"]).orderBy("id").execute();
        const number = (value: unknown) => (value === null ? null : Number(value));
        expect(rows.map((row) => [row.name, number(row.quoted_at), number(row.won_at), number(row.lost_at)])).toEqual([
          ["Quoted", T0 + 20, null, null],
          ["Lost", null, T0 + 50, T0 + 60],
          ["Bare", null, T0 + 77, null],
          ["Fresh", null, null, null],
        ]);
      } finally {
        await destroyDb(db);
        await fresh.drop();
      }
    });
  });
}
