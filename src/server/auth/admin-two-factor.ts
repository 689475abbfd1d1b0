import { getDb } from "@/server/db/connection";

/** The back office has one account, so its second factor is one row. */
const ACCOUNT_ROW = 1;

export type TwoFactorRecord = {
  secret: string | null;
  enabledAt: number | null;
  lastTimeStep: number | null;
  pendingSecret: string | null;
  pendingExpiresAt: number | null;
};

export async function readTwoFactor(): Promise<TwoFactorRecord | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("admin_two_factor").selectAll().where("id", "=", ACCOUNT_ROW).executeTakeFirst();
  return (
    row && {
      secret: row.secret,
      enabledAt: row.enabled_at === null ? null : Number(row.enabled_at),
      lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
      pendingSecret: row.pending_secret,
      pendingExpiresAt: row.pending_expires_at === null ? null : Number(row.pending_expires_at),
    }
  );
}

/**
 * Stores a secret awaiting confirmation, replacing an earlier pending one. False when two-step
 * verification is already on: one upsert decides, so a racing enable cannot be overwritten.
 */
export async function storePendingSecret(secret: string, expiresAt: number): Promise<boolean> {
  const db = await getDb();
  const row = await db
    .insertInto("admin_two_factor")
    .values({ id: ACCOUNT_ROW, pending_secret: secret, pending_expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column("id")
        .doUpdateSet({ pending_secret: secret, pending_expires_at: expiresAt })
        .where("admin_two_factor.secret", "is", null),
    )
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes the pending secret the active one, with the time step of the code that confirmed
 * it (so that code cannot also sign in) and a fresh set of recovery-code hashes, in one
 * transaction. False when the pending secret is no longer the one that was checked.
 */
export async function activatePendingSecret(secret: string, timeStep: number, recoveryCodeHashes: readonly string[], now: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("admin_two_factor")
      .set({ secret, enabled_at: now, last_time_step: timeStep, pending_secret: null, pending_expires_at: null })
      .where("id", "=", ACCOUNT_ROW)
      .where("secret", "is", null)
      .where("pending_secret", "=", secret)
      .where("pending_expires_at", ">", now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom("admin_recovery_codes").execute();
    await trx
      .insertInto("admin_recovery_codes")
      .values(recoveryCodeHashes.map((codeHash) => ({ code_hash: codeHash, created_at: now, used_at: null })))
      .execute();
    return true;
  });
}

/**
 * Accepts a TOTP time step only if it is later than every step accepted before. One
 * conditional update, so of two requests carrying the same code exactly one wins.
 */
export async function acceptTimeStep(timeStep: number): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("admin_two_factor")
    .set({ last_time_step: timeStep })
    .where("id", "=", ACCOUNT_ROW)
    .where("secret", "is not", null)
    .where((eb) => eb.or([eb("last_time_step", "is", null), eb("last_time_step", "<", timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an unused recovery code used; false when it does not exist or was used already. */
export async function spendRecoveryCode(codeHash: string, now: number): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now })
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Turns two-step verification off: the secret, the recovery codes and every waiting login go. */
export async function deleteTwoFactor(): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_two_factor").where("id", "=", ACCOUNT_ROW).execute();
    await trx.deleteFrom("admin_recovery_codes").execute();
    await trx.deleteFrom("admin_pending_logins").execute();
  });
}
