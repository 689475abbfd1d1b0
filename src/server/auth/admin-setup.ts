import { createHash, randomBytes } from "node:crypto";
import type { SetupLinkState } from "@/lib/admin-setup-link";
import { routes } from "@/lib/routes";
import { claimAdminSetupToken, deleteAdminSetupTokensExpiredBefore, findAdminSetupToken, insertAdminSetupToken } from "@/server/auth/admin-setup-tokens";
import { hasAdminPassword, OWNER_PASSWORD_SETTING } from "./admin-credentials";
import { hashPassword } from "./password-hash";

/** A setup link works for this long after the start that printed it. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired links are remembered this long, so opening one says "expired" rather than "not valid". */
const EXPIRED_LINK_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

function hashSetupToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Where the printed link points: SITE_URL when it is set (read as src/content/site.ts
 * does), else this server on localhost (the production server puts the port it was
 * given in PORT before loading the app).
 */
export function setupLinkOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const siteUrl = env.SITE_URL?.trim().replace(/\/+$/, "");
  return siteUrl || `http://localhost:${env.PORT?.trim() || "3000"}`;
}

/** Deletes links expired for longer than we remember them (to say "expired"); returns how many. */
export function pruneSetupLinks(now = Date.now()): Promise<number> {
  return deleteAdminSetupTokensExpiredBefore(now - EXPIRED_LINK_MEMORY_MS);
}

/**
 * A new single-use link for choosing the first password: 32 random bytes, only their
 * SHA-256 stored. The token travels in the fragment, which browsers send to no server, so
 * it never lands in an access log or a Referer header.
 */
export async function createSetupLink(now = Date.now()): Promise<{ url: string; expiresAt: number }> {
  const token = randomBytes(32).toString("base64url");
  const stored = await insertAdminSetupToken(hashSetupToken(token), now, SETUP_LINK_TTL_MS);
  await pruneSetupLinks(now);
  return { url: `${setupLinkOrigin()}${routes.adminSetup}#${token}`, expiresAt: stored.expiresAt };
}

/**
 * At every start without any password (none in the environment, none stored), prints a
 * fresh setup link. Several instances each print one; any of them works until a
 * password exists.
 */
export async function announceSetupLinkIfNeeded(now = Date.now()): Promise<void> {
  if (await hasAdminPassword()) return;
  const link = await createSetupLink(now);
  console.log(
    `\n[admin] No administrator password is set (ADMIN_PASSWORD, ADMIN_PASSWORD_HASH or one chosen before).\n` +
      `[admin] Choose it within 24 hours, once, at: ${link.url}\n` +
      `[admin] The link is shown only in this log; every start without a password prints a new one.\n`,
  );
}

/** What opening this link would do now. */
export async function setupLinkState(token: string, now = Date.now()): Promise<SetupLinkState> {
  const stored = await findAdminSetupToken(hashSetupToken(token));
  if (!stored) return "unknown";
  if (stored.usedAt !== null) return "used";
  if (await hasAdminPassword()) return "not-needed";
  if (stored.expiresAt <= now) return "expired";
  return "valid";
}

/**
 * Uses the link to set the owner's first password. Only "valid" changed anything; any
 * other answer is the link's state, and nothing was stored.
 */
export async function completeSetup(token: string, newPassword: string, now = Date.now()): Promise<SetupLinkState> {
  const before = await setupLinkState(token, now);
  if (before !== "valid") return before;
  const passwordHash = await hashPassword(newPassword);
  const claim = await claimAdminSetupToken(hashSetupToken(token), now, OWNER_PASSWORD_SETTING, passwordHash);
  if (claim === "claimed") return "valid";
  if (claim === "password-exists") return "not-needed";
  // Taken by a request that got there first.
  const after = await setupLinkState(token, now);
  return after === "valid" ? "used" : after;
}
