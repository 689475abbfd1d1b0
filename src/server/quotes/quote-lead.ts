import type { Kysely } from "kysely";
import type { QuoteEventAction } from "@/lib/lead-desk";
import type { Database } from "@/server/db/schema";

/** What a quote's step writes on its lead's timeline ("Quote Q-2026-0001 sent"). */
export type QuoteEventData = { quoteId: number; number: string; action: QuoteEventAction; by?: "customer" | "owner" };

export async function addQuoteEvent(trx: Kysely<Database>, leadId: number, now: number, data: QuoteEventData): Promise<void> {
  await trx.insertInto("lead_events").values({ lead_id: leadId, type: "quote", at: now, data: JSON.stringify(data), edited_at: null }).execute();
}
