import { getDb } from "@/server/db/connection";
import type { PushDevice } from "@/lib/push-devices";
import { isoFromMillis } from "@/server/db/schema";

export type NewPushSubscription = { endpoint: string; p256dh: string; auth: string; label: string };

/** The stored subscription a push is encrypted to and posted at. */
export type StoredPushSubscription = { id: number; endpoint: string; p256dh: string; auth: string };

/**
 * Stores a browser's subscription and returns its id. The same endpoint again (the owner
 * taps "Notify this device" twice, or the browser renewed its keys) is one device: its
 * keys and label are replaced and it keeps its id.
 */
export async function savePushSubscription(subscription: NewPushSubscription, now = Date.now()): Promise<number> {
  const db = await getDb();
  const row = await db
    .insertInto("push_subscriptions")
    .values({ ...subscription, created_at: now, last_success_at: null })
    .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ p256dh: subscription.p256dh, auth: subscription.auth, label: subscription.label }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every device, the newest first. */
export async function listPushDevices(): Promise<PushDevice[]> {
  const db = await getDb();
  const rows = await db.selectFrom("push_subscriptions").select(["id", "label", "created_at", "endpoint"]).orderBy("id", "desc").execute();
  return rows.map((row) => ({ id: row.id, label: row.label, createdAt: isoFromMillis(Number(row.created_at)), endpointHost: new URL(row.endpoint).host }));
}

/** False when there was no such device. */
export async function deletePushSubscription(id: number): Promise<boolean> {
  const db = await getDb();
  const result = await db.deleteFrom("push_subscriptions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findPushSubscription(id: number): Promise<StoredPushSubscription | undefined> {
  const db = await getDb();
  return db.selectFrom("push_subscriptions").select(["id", "endpoint", "p256dh", "auth"]).where("id", "=", id).executeTakeFirst();
}

export async function markPushDelivered(id: number, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db.updateTable("push_subscriptions").set({ last_success_at: now }).where("id", "=", id).execute();
}
