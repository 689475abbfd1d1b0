import type { Kysely } from "kysely";
import type { OpenQuoteValue } from "@/lib/lead-desk";
import type { Database } from "@/server/db/schema";
import { displayNumber } from "./quote-number";

/**
 * Each lead's newest open quote (sent or viewed, its last day not over), for the list and
 * board cards: its number and stored totals (required lines only, as sent). One query for a page.
 */
export async function openQuoteValues(executor: Kysely<Database>, leadIds: readonly number[], now = Date.now()): Promise<Map<number, OpenQuoteValue>> {
  if (leadIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom("quotes")
    .select(["lead_id", "number", "revision", "one_time_cents", "monthly_cents"])
    .where("lead_id", "in", leadIds)
    .where("status", "in", ["sent", "viewed"])
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .execute();
  const open = new Map<number, OpenQuoteValue>();
  for (const row of rows) {
    const leadId = Number(row.lead_id);
    if (!open.has(leadId)) open.set(leadId, { number: displayNumber(row.number, row.revision), oneTimeCents: Number(row.one_time_cents), monthlyCents: Number(row.monthly_cents) });
  }
  return open;
}
