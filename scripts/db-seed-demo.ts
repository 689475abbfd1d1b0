/**
 * npm run db:seed-demo — fills the configured database (DATABASE_URL or DATABASE_PATH,
 * as the server) with fictional leads to look around in. Refuses when NODE_ENV is
 * production (add --force to mean it) and when the database already has leads (add
 * --append to add more). --leads N sets how many (default 300): a year of them up to now,
 * as docs/lead-desk.md describes.
 */
import { closeDb, getDb, readDbConfig } from "../src/server/db/connection";
import { insertDemoLeads } from "../src/server/leads/demo-leads";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === "production" && !process.argv.includes("--force")) {
    throw new Error("NODE_ENV is production: demo leads would mix with real ones. Run with --force if that is really what you want.");
  }
  const leads = Number(option("leads") ?? 300);
  if (!Number.isSafeInteger(leads) || leads < 1 || leads > 1_000_000) throw new Error("--leads takes a whole number from 1 to 1,000,000.");
  const db = await getDb();
  const existing = await db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  if (Number(existing.count) > 0 && !process.argv.includes("--append")) {
    throw new Error(`The database already has ${existing.count} lead(s). Seed a fresh database, or run with --append to add demo leads to them.`);
  }
  const max = await db.selectFrom("leads").select((eb) => eb.fn.max("id").as("max")).executeTakeFirstOrThrow();
  const firstNumber = Number(max.max ?? 0) + 1;
  const written = await insertDemoLeads(db, {
    leads,
    submissionsPerLead: 1.6,
    now: Date.now(),
    spanDays: 365,
    // A fresh database gets seed 22's year; an appended batch its own days and stories, not the first batch's again.
    seed: 21 + firstNumber,
    // Appended people are new people, not more submissions from the first batch.
    firstNumber,
  });
  const { engine } = readDbConfig();
  console.log(`[seed-demo] ${written.leads} fictional leads with ${written.submissions} submissions written to the ${engine} database.`);
}

main()
  .catch((error: unknown) => {
    console.error(`[seed-demo] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
