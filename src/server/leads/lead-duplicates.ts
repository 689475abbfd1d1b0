import type { Kysely } from "kysely";
import type { PossibleDuplicate } from "@/lib/lead-desk";
import type { Database, DuplicateReason } from "@/server/db/schema";

/*
 * Possible duplicates (issue 27, docs/lead-desk.md): two leads that may be one person. A
 * phone number alone never joins them (an attacker can type the victim's number; coworkers
 * share a switchboard), so the desk shows each beside the other and the owner decides:
 * Merge (merge-leads.ts) or "Not the same person", which is kept so the pair never returns.
 */

const REASONS: Record<DuplicateReason, string> = { phone: "Same phone number" };

/** The pair's row: the lower id first, as the table's check requires. */
const pair = (a: number, b: number) => (a < b ? { lead_id: a, other_lead_id: b } : { lead_id: b, other_lead_id: a });

/** Suggests `leadId` and `otherId` as one person, once: a pair already suggested (or dismissed) stays as it is. */
export async function suggestPossibleDuplicate(trx: Kysely<Database>, leadId: number, otherId: number, reason: DuplicateReason, now: number): Promise<void> {
  if (leadId === otherId) return;
  await trx
    .insertInto("lead_duplicates")
    .values({ ...pair(leadId, otherId), reason, created_at: now, dismissed_at: null })
    .onConflict((conflict) => conflict.columns(["lead_id", "other_lead_id"]).doNothing())
    .execute();
}

/** The leads shown beside `leadId` as possibly the same person, oldest suggestion first. */
export async function possibleDuplicatesOf(executor: Kysely<Database>, leadId: number): Promise<PossibleDuplicate[]> {
  const pairs = await executor
    .selectFrom("lead_duplicates")
    .select(["lead_id", "other_lead_id", "reason"])
    .where((eb) => eb.or([eb("lead_id", "=", leadId), eb("other_lead_id", "=", leadId)]))
    .where("dismissed_at", "is", null)
    .orderBy("created_at")
    .execute();
  if (pairs.length === 0) return [];
  const others = pairs.map((row) => ({ id: Number(row.lead_id) === leadId ? Number(row.other_lead_id) : Number(row.lead_id), reason: REASONS[row.reason] }));
  const names = new Map(
    (await executor.selectFrom("leads").select(["id", "name"]).where("id", "in", others.map((other) => other.id)).execute()).map((row) => [Number(row.id), row.name]),
  );
  return others.flatMap((other) => (names.has(other.id) ? [{ ...other, name: names.get(other.id)! }] : []));
}

/** Whether the two leads are suggested as one person now (not dismissed). */
export async function isPossibleDuplicate(executor: Kysely<Database>, leadId: number, otherId: number): Promise<boolean> {
  const { lead_id, other_lead_id } = pair(leadId, otherId);
  const row = await executor.selectFrom("lead_duplicates").select("dismissed_at").where("lead_id", "=", lead_id).where("other_lead_id", "=", other_lead_id).executeTakeFirst();
  return row !== undefined && row.dismissed_at === null;
}

/** "Not the same person": the suggestion goes for good. False when the two were not suggested. */
export async function dismissPossibleDuplicate(trx: Kysely<Database>, leadId: number, otherId: number, now: number): Promise<boolean> {
  const { lead_id, other_lead_id } = pair(leadId, otherId);
  const result = await trx
    .updateTable("lead_duplicates")
    .set({ dismissed_at: now })
    .where("lead_id", "=", lead_id)
    .where("other_lead_id", "=", other_lead_id)
    .where("dismissed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * After `mergedId` became part of `keptId`: the suggestions that named it name the kept
 * lead instead (a dismissal kept as it was), except the merged pair itself. The merged
 * lead's own rows go with it (the foreign keys cascade).
 */
export async function carryDuplicatesOver(trx: Kysely<Database>, keptId: number, mergedId: number): Promise<void> {
  const rows = await trx
    .selectFrom("lead_duplicates")
    .selectAll()
    .where((eb) => eb.or([eb("lead_id", "=", mergedId), eb("other_lead_id", "=", mergedId)]))
    .execute();
  for (const row of rows) {
    const third = Number(row.lead_id) === mergedId ? Number(row.other_lead_id) : Number(row.lead_id);
    if (third === keptId) continue;
    await trx
      .insertInto("lead_duplicates")
      .values({ ...pair(keptId, third), reason: row.reason, created_at: Number(row.created_at), dismissed_at: row.dismissed_at === null ? null : Number(row.dismissed_at) })
      .onConflict((conflict) => conflict.columns(["lead_id", "other_lead_id"]).doNothing())
      .execute();
  }
}
