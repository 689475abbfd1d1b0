import { randomBytes } from "node:crypto";
import { getSetting, setSettingIfAbsent } from "@/server/db/settings";
import { hashPassword, isPasswordHash } from "./password-hash";

export const GENERATED_PASSWORD_SETTING = "admin_password_hash";

export interface AdminCredentials {
  username: string;
  passwordHash: string;
  source: "ADMIN_PASSWORD_HASH" | "ADMIN_PASSWORD" | "generated";
}

let resolved: Promise<AdminCredentials> | undefined;

export function adminUsername(): string {
  return process.env.ADMIN_USERNAME?.trim() || "admin";
}

/**
 * The single administrator: ADMIN_PASSWORD_HASH, else ADMIN_PASSWORD hashed in
 * memory, else a generated password whose hash is stored in the database. The
 * instance that stores it prints the password once; the plain text is never kept.
 */
export function getAdminCredentials(): Promise<AdminCredentials> {
  resolved ??= resolveCredentials().catch((error: unknown) => {
    resolved = undefined;
    throw error;
  });
  return resolved;
}

async function resolveCredentials(): Promise<AdminCredentials> {
  const username = adminUsername();
  const configuredHash = process.env.ADMIN_PASSWORD_HASH?.trim();
  if (configuredHash) {
    if (!isPasswordHash(configuredHash)) throw new Error("ADMIN_PASSWORD_HASH is not a hash from `npm run admin:hash-password`.");
    return { username, passwordHash: configuredHash, source: "ADMIN_PASSWORD_HASH" };
  }
  const password = process.env.ADMIN_PASSWORD;
  if (password) return { username, passwordHash: await hashPassword(password), source: "ADMIN_PASSWORD" };

  const existing = await getSetting(GENERATED_PASSWORD_SETTING);
  if (existing) return { username, passwordHash: existing, source: "generated" };
  const generated = randomBytes(18).toString("base64url");
  const candidate = await hashPassword(generated);
  const stored = await setSettingIfAbsent(GENERATED_PASSWORD_SETTING, candidate);
  if (stored === candidate) {
    console.log(
      `\n[admin] No ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set, so a password was generated.\n` +
        `[admin]   username: ${username}\n[admin]   password: ${generated}\n` +
        `[admin] It is shown only this once; only its hash is stored. Sign in at /admin/login.\n`,
    );
  }
  return { username, passwordHash: stored, source: "generated" };
}

/** For tests: forget what was resolved so changed environment variables apply. */
export function resetAdminCredentialsCache(): void {
  resolved = undefined;
}
