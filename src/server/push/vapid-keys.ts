import webPush from "web-push";
import { site } from "@/content/site";
import { vapidEnvKeys, vapidSubject } from "@/server/config";
import { getSetting, setSettingIfAbsent } from "@/server/settings/settings";

/** The settings row holding the generated key pair, as JSON: one row, so the two halves can never come from different instances. */
export const VAPID_KEYS_SETTING = "push_vapid_keys";

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/**
 * The VAPID identity the site signs its pushes with (RFC 8292): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when the environment sets them, else a pair generated once by
 * whichever instance needs it first and kept in `settings`. Browsers subscribed with one
 * public key get nothing signed by another, so the pair must outlive restarts.
 */
export async function vapidDetails(): Promise<VapidDetails> {
  const subject = vapidSubject() ?? `mailto:${site.email}`;
  const fromEnv = vapidEnvKeys();
  if (fromEnv) return { subject, ...fromEnv };
  const stored = (await getSetting(VAPID_KEYS_SETTING)) ?? (await setSettingIfAbsent(VAPID_KEYS_SETTING, JSON.stringify(webPush.generateVAPIDKeys())));
  // Written only above, from web-push's own pair.
  const keys = JSON.parse(stored) as webPush.VapidKeys;
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
