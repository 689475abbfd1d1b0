import { leadEmailsPerHour } from "@/server/config";
import type { NotificationAllowance } from "@/server/mail/mail-outbox";

/** The window LEAD_EMAILS_PER_HOUR counts in; a digest goes out when one that overflowed ends. */
export const LEAD_EMAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * One counter for every lead notification, contact requests and surveys together, shared
 * by all instances: a flood cannot exhaust the SMTP quota or bury real leads in the
 * owner's inbox. Not scaled by RATE_LIMIT_MULTIPLIER: it protects the owner, not the site.
 */
export function leadEmailAllowance(): NotificationAllowance {
  return { key: "lead-emails", limit: leadEmailsPerHour(), windowMs: LEAD_EMAIL_WINDOW_MS };
}
