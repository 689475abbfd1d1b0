/*
 * A stand-alone app instance for the retention test: opens the database named by
 * DATABASE_PATH / DATABASE_URL, says "ready", waits for "go" on stdin, then runs the
 * retention step once at the given time and prints its result as JSON.
 * Run with: node --import tsx retention-process.ts <now-ms>
 */
import { createInterface } from "node:readline";
import { closeDb, getDb } from "../../src/server/db/connection";
import { applyLeadRetention } from "../../src/server/leads/lead-retention";

async function main(): Promise<void> {
  const now = Number(process.argv[2]);
  await getDb();
  process.stdout.write("ready\n");
  const input = createInterface({ input: process.stdin });
  for await (const line of input) if (line.trim() === "go") break;
  input.close();
  process.stdout.write(`${JSON.stringify(await applyLeadRetention(now))}\n`);
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
