import { getDb } from "@/server/db/connection";

/**
 * Records that the device cookie with `nonce` was replaced, and forgets the ones retired
 * before `forgetBefore`: by then they have expired anyway (the cookie carries its issue
 * time, checked at every use), so this table stays as small as a year of sign-ins.
 */
export async function retireDeviceCookieNonce(nonce: string, now: number, forgetBefore: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("admin_retired_device_cookies").where("retired_at", "<", forgetBefore).execute();
  await db
    .insertInto("admin_retired_device_cookies")
    .values({ nonce, retired_at: now })
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .execute();
}

export async function isDeviceCookieNonceRetired(nonce: string): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("admin_retired_device_cookies").select("nonce").where("nonce", "=", nonce).executeTakeFirst();
  return row !== undefined;
}

/** Forgets every retired nonce: after a new generation, every earlier cookie is refused by its generation. */
export async function deleteRetiredDeviceCookieNonces(): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_retired_device_cookies").executeTakeFirst();
  return Number(result.numDeletedRows);
}
