import type { Touch } from "@/lib/attribution/touch";
import type { LeadDetail } from "@/lib/lead-desk";
import type { LeadCreate } from "@/lib/validation/lead-desk-schemas";
import type { AuditRecorder } from "@/server/audit/audit-log";
import { getDb } from "@/server/db/connection";
import { writeLeadSearch } from "@/server/db/dialect";
import { findLeadIdByKeys } from "@/server/leads/lead-store";
import type { Database } from "@/server/db/schema";
import { queueLeadWebhook } from "./lead-notifications";
import { emailKey, leadSearchBody, phoneKey } from "./lead-identity";
import { getLeadDetail } from "@/server/desk/lead-detail";

export type LeadByHandOutcome =
  | { status: "created"; lead: LeadDetail; webhookQueued: boolean }
  /** The e-mail or phone is already a lead's: the owner opens that one instead (nothing is merged). */
  | { status: "duplicate"; leadId: number };

const CHANNELS = { phone: "Phone", "walk-in": "Walk-in" } as const;

/**
 * POST /api/admin/leads: a lead the owner took by phone or in person. It starts New like
 * every lead, first submitted now, with an offline touch (channel Phone or Walk-in), the
 * note as its first note, a `created` entry on its timeline and the follow-up when given;
 * in the same transaction its webhook is queued. An e-mail or phone that matches a lead
 * (the keys new submissions are matched on) is a duplicate, and nothing is written.
 */
export async function addLeadByHand(input: LeadCreate, now = Date.now(), audit?: AuditRecorder): Promise<LeadByHandOutcome> {
  const db = await getDb();
  const email = input.email || null;
  const phone = input.phone || null;
  const keys = { email_key: emailKey(email), phone_key: phoneKey(phone) };
  const channel = CHANNELS[input.source];
  const touch: Touch = { source: input.source, medium: "offline", campaign: null, term: null, content: null, clickId: null, referrer: null, landingPage: null, channel, at: new Date(now).toISOString() };
  const dueAt = input.nextFollowUpAt ? Date.parse(input.nextFollowUpAt) : null;

  const outcome = await db.transaction().execute(async (trx) => {
    const existing = await findLeadIdByKeys(trx, keys);
    if (existing !== undefined) return { status: "duplicate" as const, leadId: existing };
    const created = await trx
      .insertInto("leads")
      .values({
        name: input.name,
        business: input.business || null,
        email,
        phone,
        ...keys,
        status: "new",
        source: input.source,
        first_touch: JSON.stringify(touch),
        last_touch: JSON.stringify(touch),
        first_channel: channel,
        last_channel: channel,
        service: input.service || null,
        next_follow_up_at: dueAt,
        next_follow_up_type: dueAt === null ? null : (input.nextFollowUpType ?? "call"),
        first_submitted_at: now,
        last_submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      // A web submission with the same e-mail or phone made a lead a moment ago (PostgreSQL): it is the duplicate.
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) return { status: "duplicate" as const, leadId: (await findLeadIdByKeys(trx, keys))! };
    const events = [
      { type: "created" as const, data: { source: input.source } },
      ...(input.note ? [{ type: "note" as const, data: { text: input.note } }] : []),
      ...(dueAt === null ? [] : [{ type: "follow_up_set" as const, data: { dueAt, followUpType: input.nextFollowUpType ?? "call" } }]),
    ];
    await trx
      .insertInto("lead_events")
      .values(events.map((event) => ({ lead_id: created.id, type: event.type, at: now, data: JSON.stringify(event.data) })))
      .execute();
    await writeLeadSearch<Database>(trx, created.id, leadSearchBody({ name: input.name, business: input.business || null, email, phone }, []));
    const webhookQueued = await queueLeadWebhook(trx, created.id, now);
    await audit?.({ action: "lead.added", target: { kind: "lead", id: created.id }, detail: { source: input.source } }, trx);
    return { status: "created" as const, leadId: created.id, webhookQueued };
  });
  if (outcome.status === "duplicate") return outcome;
  const lead = await getLeadDetail(outcome.leadId, db);
  if (!lead) throw new Error("The lead just added could not be read.");
  return { status: "created", lead, webhookQueued: outcome.webhookQueued };
}
