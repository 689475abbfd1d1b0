import { createHash } from "node:crypto";
import type { NotificationAllowance } from "@/server/mail/mail-outbox";
import { emailKey } from "@/server/leads/lead-identity";

/** A visitor's address gets at most one acknowledgement in this long. */
export const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60 * 1000;

/**
 * The counter that keeps an address to one acknowledgement an hour, in the rate-limit
 * table. Its key holds the SHA-256 of the address as leads are matched on (trimmed, lower
 * case), never the address: erasing a person must leave no row that holds it.
 */
export function acknowledgementAllowance(address: string): NotificationAllowance {
  const normalised = emailKey(address) ?? "";
  return { key: `acknowledgement:${createHash("sha256").update(normalised).digest("hex")}`, limit: 1, windowMs: ACKNOWLEDGEMENT_WINDOW_MS };
}
