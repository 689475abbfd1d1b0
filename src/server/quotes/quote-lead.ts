import type { Kysely, Updateable } from "kysely";
import type { LeadStatus, QuoteEventAction } from "@/lib/lead-desk";
import type { Database, LeadsTable } from "@/server/db/schema";

/** What a quote's step writes on its lead's timeline ("Quote Q-2026-0001 sent"). */
export type QuoteEventData = { quoteId: number; number: string; action: QuoteEventAction; by?: "customer" | "owner" };

export async function addQuoteEvent(trx: Kysely<Database>, leadId: number, now: number, data: QuoteEventData): Promise<void> {
  await trx.insertInto("lead_events").values({ lead_id: leadId, type: "quote", at: now, data: JSON.stringify(data), edited_at: null }).execute();
}

/** Sending moves an open lead to Quoted; a lead already Quoted, Won, Lost or Spam keeps its status. */
const MOVES_TO_QUOTED: readonly LeadStatus[] = ["new", "contacted"];

/**
 * Moves the lead as a quote step implies, with the status event and milestone the desk's
 * own status change writes (src/server/desk/lead-changes.ts): Quoted on sending, Won with
 * the accepted values on acceptance.
 */
export async function moveLeadForQuote(trx: Kysely<Database>, leadId: number, now: number, step: { to: "quoted" } | { to: "won"; oneTimeCents: number; monthlyCents: number }): Promise<void> {
  const lead = await trx.selectFrom("leads").select(["status", "quoted_at", "won_at", "first_response_at", "next_follow_up_at"]).where("id", "=", leadId).executeTakeFirstOrThrow();
  const from = lead.status as LeadStatus;
  const changes: Updateable<LeadsTable> = { updated_at: now };
  const moves = step.to === "won" ? from !== "won" : MOVES_TO_QUOTED.includes(from);
  if (step.to === "won") {
    changes.won_one_time_cents = step.oneTimeCents;
    changes.won_monthly_cents = step.monthlyCents;
  }
  if (moves) {
    changes.status = step.to;
    changes.came_back_at = null;
    if (lead.first_response_at === null) changes.first_response_at = now;
    if (step.to === "quoted" && lead.quoted_at === null) changes.quoted_at = now;
    if (step.to === "won" && lead.won_at === null) changes.won_at = now;
    if (step.to === "won" && lead.next_follow_up_at !== null) {
      changes.next_follow_up_at = null;
      changes.next_follow_up_type = null;
    }
  }
  await trx.updateTable("leads").set(changes).where("id", "=", leadId).execute();
  if (!moves) return;
  const events: { type: "status" | "follow_up_ended"; data: unknown }[] = [{ type: "status", data: { from, to: step.to } }];
  if (changes.next_follow_up_at === null) events.push({ type: "follow_up_ended", data: { dueAt: Number(lead.next_follow_up_at), status: step.to } });
  await trx
    .insertInto("lead_events")
    .values(events.map((event) => ({ lead_id: leadId, type: event.type, at: now, data: JSON.stringify(event.data), edited_at: null })))
    .execute();
}
