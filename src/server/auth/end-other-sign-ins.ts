import { deleteAllPendingLogins } from "@/server/auth/admin-pending-logins";
import { deleteOtherAdminSessions } from "@/server/auth/admin-sessions";
import { revokeDeviceCookies } from "./device-cookie";

export interface EndOtherSignInsOptions {
  /** The session that asked, which stays signed in (sha-256 of its token); without it, every session ends. */
  keptSessionTokenHash?: string;
  /** Also retire every device cookie, so no browser counts as known until it signs in again. */
  revokeDevices: boolean;
}

/**
 * Ends what credentials opened before they changed, on every instance at once: every
 * other session and every pending two-step login (a right password waiting for its
 * code), and with `revokeDevices` the known-browser status of every browser. Used by a
 * password change, `npm run admin:reset-password`, turning two-step verification on and
 * "sign out everywhere". Returns the number of sessions ended.
 */
export async function endOtherSignIns({ keptSessionTokenHash, revokeDevices }: EndOtherSignInsOptions): Promise<number> {
  if (revokeDevices) await revokeDeviceCookies();
  await deleteAllPendingLogins();
  return deleteOtherAdminSessions(keptSessionTokenHash);
}
