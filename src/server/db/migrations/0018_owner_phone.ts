import type { Kysely } from "kysely";

/**
 * 0018: the desk on the owner's phone (docs/lead-desk.md):
 * - `leads.came_back_at`: a new submission on a Contacted, Quoted, Won or Lost lead brings it
 *   back to Today until the owner answers it (a call, a status move, a reply);
 * - `leads.next_follow_up_type`: what the follow-up is (call, email, visit, meeting), null for
 *   the follow-ups set before types existed (shown as calls);
 * - `lead_events.client_key`: the idempotency key a call or note logged offline carries, so the
 *   queue that sends it again after a reload stores it once.
 */
export async function addOwnerPhone(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("came_back_at", "bigint").execute();
  await db.schema.alterTable("leads").addColumn("next_follow_up_type", "text").execute();
  await db.schema.createIndex("leads_came_back_idx").on("leads").columns(["came_back_at", "id"]).execute();
  await db.schema.alterTable("lead_events").addColumn("client_key", "text").execute();
  await db.schema.createIndex("lead_events_client_key_idx").on("lead_events").column("client_key").unique().execute();
}
