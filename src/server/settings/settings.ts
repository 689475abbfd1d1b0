import { getDb } from "@/server/db/connection";

export async function getSetting(key: string): Promise<string | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/**
 * Stores `value` unless `key` already has one, and returns whatever is stored afterwards.
 * Instances racing to create the same generated secret therefore all end up using the
 * winner's value.
 */
export async function setSettingIfAbsent(key: string, value: string): Promise<string> {
  const db = await getDb();
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function setSetting(key: string, value: string): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** Removes the given keys; returns how many were there. */
export async function deleteSettings(keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const db = await getDb();
  const result = await db.deleteFrom("settings").where("key", "in", keys).executeTakeFirst();
  return Number(result.numDeletedRows);
}
