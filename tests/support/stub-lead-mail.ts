import { vi } from "vitest";
import { type MailConfig, mailConfig } from "@/server/config";

/**
 * Configures mail for the leads a test submits, so `receiveLead` queues the owner's e-mail as
 * it does on a live site. Nothing is sent: the SMTP port is closed and no outbox worker runs.
 * The visitor's acknowledgement is off unless `acknowledgement` is set, so a test counts only
 * the owner's e-mails. Undo with `vi.unstubAllEnvs()`.
 */
export function stubLeadMail(options: { emailsPerHour?: number; acknowledgement?: boolean } = {}): MailConfig {
  vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
  vi.stubEnv("MAIL_FROM", "website@example.com");
  vi.stubEnv("LEADS_TO", "owner@example.com");
  vi.stubEnv("LEAD_ACKNOWLEDGEMENT", options.acknowledgement ? "on" : "off");
  if (options.emailsPerHour !== undefined) vi.stubEnv("LEAD_EMAILS_PER_HOUR", String(options.emailsPerHour));
  const mail = mailConfig();
  if (!mail) throw new Error("stubLeadMail: mail is still not configured");
  return mail;
}
