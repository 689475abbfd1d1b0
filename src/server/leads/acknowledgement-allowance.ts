import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { acknowledgementsPerHour } from "@/server/config";
import type { NotificationAllowance } from "@/server/db/mail-outbox";
import type { Database } from "@/server/db/schema";
import { getSetting, setSettingIfAbsent } from "@/server/db/settings";

/** A visitor's mailbox gets at most one acknowledgement in this long, and all of them together `ACKNOWLEDGEMENTS_PER_HOUR`. */
export const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60 * 1000;

/** The settings row holding the key of the mailbox counters' HMAC, generated once by whichever instance needs it first. */
export const ACKNOWLEDGEMENT_KEY_SETTING = "acknowledgement_mailbox_key";

/** Mail services known to ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as far as we can tell from outside: lower case, a
 * `+tag` dropped, and for Gmail the dots of the local part too (googlemail.com is gmail.com).
 * `target`, `t.arget` and `target+a` at one Gmail box are one recipient.
 */
export function normalisedMailbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at).split("+")[0]!;
  let domain = trimmed.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * The counters an acknowledgement is counted against, in the rate-limit table: its mailbox's
 * (one an hour), keyed by an HMAC of the normalised mailbox under a random key kept in the
 * settings table (`ACKNOWLEDGEMENT_KEY_SETTING`), never the address or a plain hash that a
 * list of addresses could be matched against; and the site's (`ACKNOWLEDGEMENTS_PER_HOUR`
 * for all instances together), so many mailboxes cannot turn the form into a mailer.
 */
export async function acknowledgementAllowances(address: string): Promise<{ mailbox: NotificationAllowance; site: NotificationAllowance }> {
  return {
    mailbox: { key: await mailboxCounterKey(address), limit: 1, windowMs: ACKNOWLEDGEMENT_WINDOW_MS },
    site: { key: "acknowledgements", limit: acknowledgementsPerHour(), windowMs: ACKNOWLEDGEMENT_WINDOW_MS },
  };
}

/** The key of `address`'s once-an-hour counter, the HMAC key created if this is the first. */
async function mailboxCounterKey(address: string): Promise<string> {
  const secret = (await getSetting(ACKNOWLEDGEMENT_KEY_SETTING)) ?? (await setSettingIfAbsent(ACKNOWLEDGEMENT_KEY_SETTING, randomBytes(32).toString("base64url")));
  return counterKey(secret, address);
}

/** The once-an-hour counters of these addresses, read through `executor` (an erasure's transaction), for deleting them. */
export async function mailboxCounterKeysWithin(executor: Kysely<Database>, addresses: readonly string[]): Promise<string[]> {
  const secret = await executor.selectFrom("settings").select("value").where("key", "=", ACKNOWLEDGEMENT_KEY_SETTING).executeTakeFirst();
  return secret ? [...new Set(addresses.map((address) => counterKey(secret.value, address)))] : [];
}

function counterKey(secret: string, address: string): string {
  return `acknowledgement:${createHmac("sha256", secret).update(normalisedMailbox(address)).digest("hex")}`;
}
