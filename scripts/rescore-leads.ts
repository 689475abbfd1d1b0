/**
 * npm run db:rescore-leads — after a change of the qualification rules
 * (src/server/leads/lead-qualification.ts), writes every lead's score again from its latest
 * survey, so the sort by score follows the new rules. The lead page computes its package
 * and reasons when it is read, so it follows them at once. Reads the same DATABASE_URL /
 * DATABASE_PATH as the site; safe to run while the site runs.
 */
import { closeDb, getDb } from "../src/server/db/connection";
import { rescoreLeads } from "../src/server/leads/lead-store";
import type { Database } from "../src/server/db/schema";

async function main(): Promise<void> {
  try {
    const db = await getDb();
    const scored = await db.transaction().execute((trx) => rescoreLeads<Database>(trx));
    console.log(`Scored ${scored} ${scored === 1 ? "lead" : "leads"} from their latest survey.`);
  } finally {
    await closeDb();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
