import { type Kysely, sql } from "kysely";
import type { Database } from "@/server/db/schema";
import { quoteYear } from "./quote-dates";

/**
 * The next base number, Q-YYYY-NNNN, taken inside the creating transaction: the year's
 * counter row is raised by one upsert, which PostgreSQL locks until the transaction ends
 * and SQLite runs under its single writer. Two creations can never read the same value,
 * on one instance or many; a rolled-back creation gives its number back.
 */
export async function nextQuoteNumber(trx: Kysely<Database>, now: number): Promise<string> {
  const year = quoteYear(now);
  const row = await trx
    .insertInto("quote_counters")
    .values({ year, last: 1 })
    .onConflict((conflict) => conflict.column("year").doUpdateSet({ last: sql<number>`quote_counters.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return `Q-${year}-${String(row.last).padStart(4, "0")}`;
}

/** The number as shown: the base for revision A, then Q-2026-0001-B, -C, … */
export function displayNumber(number: string, revision: string): string {
  return revision === "A" ? number : `${number}-${revision}`;
}

/** B after A, … Z after Y, then AA, AB (a quote revised 26 times is unusual, never an error). */
export function nextRevision(revision: string): string {
  const letters = revision.split("");
  for (let index = letters.length - 1; index >= 0; index -= 1) {
    if (letters[index] !== "Z") {
      letters[index] = String.fromCharCode(letters[index]!.charCodeAt(0) + 1);
      return letters.join("");
    }
    letters[index] = "A";
  }
  return `A${letters.join("")}`;
}
