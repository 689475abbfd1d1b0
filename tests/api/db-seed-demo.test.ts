import { expect, it } from "vitest";
import { type DbConfig, getDb } from "@/server/db/connection";
import { databaseEnv, runProjectScript } from "../support/project-script";
import { describeEachEngine } from "../support/test-database";

/** `npm run db:seed-demo` with `args` against the suite's database. */
const runSeed = (config: DbConfig, args: string[], env: Record<string, string> = {}) => runProjectScript("db-seed-demo", args, { ...databaseEnv(config), ...env });

async function stored(): Promise<{ leads: number; contacts: number; surveys: number }> {
  const db = await getDb();
  const count = async (table: "leads" | "contact_requests" | "survey_submissions") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow()).count);
  return { leads: await count("leads"), contacts: await count("contact_requests"), surveys: await count("survey_submissions") };
}

describeEachEngine("npm run db:seed-demo", (context) => {
  it("refuses production without --force and a database with leads without --append, writing nothing when it refuses", async () => {
    const production = await runSeed(context.config, ["--leads", "3"], { NODE_ENV: "production" });
    expect(production.code).toBe(1);
    expect(production.stderr).toContain("[seed-demo] NODE_ENV is production: demo leads would mix with real ones. Run with --force");
    expect(await stored()).toEqual({ leads: 0, contacts: 0, surveys: 0 });

    const forced = await runSeed(context.config, ["--force", "--leads", "3"], { NODE_ENV: "production" });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(new RegExp(`^\\[seed-demo\\] 3 fictional leads with \\d+ submissions written to the ${context.engine} database\\.$`, "m"));
    const seeded = await stored();
    expect(seeded.leads).toBe(3);
    expect(seeded.contacts + seeded.surveys).toBeGreaterThanOrEqual(3);

    const again = await runSeed(context.config, ["--leads", "3"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("[seed-demo] The database already has 3 lead(s). Seed a fresh database, or run with --append");
    expect(await stored()).toEqual(seeded);
    // Three runs of the script, each a Node process that compiles it first: seconds each on a busy machine.
  }, 90_000);
});
