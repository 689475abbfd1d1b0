import { getDb } from "@/server/db/connection";

/** Times are epoch milliseconds. */
export type AdminSetupToken = { tokenHash: string; createdAt: number; expiresAt: number; usedAt: number | null };

/** `tokenHash` is the sha-256 hex of the link's token, never the token itself. */
export async function insertAdminSetupToken(tokenHash: string, now: number, ttlMs: number): Promise<AdminSetupToken> {
  const db = await getDb();
  const token = { tokenHash, createdAt: now, expiresAt: now + ttlMs, usedAt: null };
  await db.insertInto("admin_setup_tokens").values({ token_hash: tokenHash, created_at: now, expires_at: token.expiresAt, used_at: null }).execute();
  return token;
}

export async function findAdminSetupToken(tokenHash: string): Promise<AdminSetupToken | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("admin_setup_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  return (
    row && {
      tokenHash: row.token_hash,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      usedAt: row.used_at === null ? null : Number(row.used_at),
    }
  );
}

export type SetupClaim = "claimed" | "token-unavailable" | "password-exists";

/**
 * Uses the link and stores the owner's first password, in one transaction. The link is
 * taken only if it is unused and unexpired (one conditional update, so of two requests
 * racing with the same link exactly one gets it), and the password only if none is
 * stored yet (so of two links used at once on two instances, one wins and the other
 * link stays unused). Anything short of both rolls back and changes nothing.
 */
export async function claimAdminSetupToken(tokenHash: string, now: number, passwordSetting: string, passwordHash: string): Promise<SetupClaim> {
  const db = await getDb();
  const outcome = await db
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .updateTable("admin_setup_tokens")
        .set({ used_at: now })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new ClaimRefused("token-unavailable");
      const stored = await trx
        .insertInto("settings")
        .values({ key: passwordSetting, value: passwordHash })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!stored) throw new ClaimRefused("password-exists");
      return "claimed" as const;
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimRefused) return error.reason;
      throw error;
    });
  return outcome;
}

class ClaimRefused extends Error {
  constructor(readonly reason: Exclude<SetupClaim, "claimed">) {
    super(reason);
  }
}

/** Forgets links that expired before `cutoff`; returns how many. */
export async function deleteAdminSetupTokensExpiredBefore(cutoff: number): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_setup_tokens").where("expires_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
