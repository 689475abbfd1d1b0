import { isSecureOrLoopbackUrl } from "@/lib/loopback-url";

/** A count from the environment (0 allowed), or `fallback` when it is unset or not a whole number. */
function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Tests and benchmarks raise every limit by this factor (e.g. 100) instead of
 * switching limits off, so the limiting code path still runs under load.
 */
export function rateLimitMultiplier(): number {
  return positiveNumber("RATE_LIMIT_MULTIPLIER", 1);
}

/** How many reverse proxies in front of the app append to X-Forwarded-For. */
export function trustedProxyHops(): number {
  const raw = Number(process.env.TRUST_PROXY_HOPS ?? "0");
  return Number.isInteger(raw) && raw >= 0 ? raw : 0;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
  leadsTo: string;
}

/** Lead notifications are on only when all three settings are present. */
export function mailConfig(): MailConfig | null {
  const smtpUrl = process.env.SMTP_URL?.trim();
  const from = process.env.MAIL_FROM?.trim();
  const leadsTo = process.env.LEADS_TO?.trim();
  if (!smtpUrl || !from || !leadsTo) return null;
  return { smtpUrl, from, leadsTo };
}

/**
 * Where an answer to the e-mails the site sends a visitor (acknowledgements, replies from
 * the desk) goes: MAIL_REPLY_TO, else the owner's LEADS_TO. Null when neither is set.
 */
export function mailReplyTo(): string | null {
  return process.env.MAIL_REPLY_TO?.trim() || process.env.LEADS_TO?.trim() || null;
}

/** Visitors get an acknowledgement e-mail of what they sent unless LEAD_ACKNOWLEDGEMENT is off. */
export function leadAcknowledgementEnabled(): boolean {
  const raw = process.env.LEAD_ACKNOWLEDGEMENT?.trim().toLowerCase();
  return !raw || !["off", "false", "0", "no"].includes(raw);
}

export function outboxPollMs(): number {
  return positiveNumber("OUTBOX_POLL_MS", 5000);
}

/**
 * Lead notification e-mails sent one by one per hour; the leads past it are e-mailed
 * together in one digest when the hour ends. 0 sends every lead in the hourly digest.
 */
export function leadEmailsPerHour(): number {
  return wholeNumber("LEAD_EMAILS_PER_HOUR", 20);
}

/**
 * Acknowledgement e-mails sent per hour by all instances together; past it a lead is still
 * stored and the owner told, only its acknowledgement is skipped. 0 sends none.
 */
export function acknowledgementsPerHour(): number {
  return wholeNumber("ACKNOWLEDGEMENTS_PER_HOUR", 20);
}

/**
 * Days a sent or failed e-mail stays in the outbox before the pruning job deletes it
 * with the lead's details it carries. The lead itself stays in the back office.
 */
export function outboxRetentionDays(): number {
  return positiveNumber("OUTBOX_RETENTION_DAYS", 30);
}

/**
 * Months after a lead's last activity (its latest submission, status change, note or call)
 * before the pruning job erases it, or for a Won lead keeps only its invoice data; the
 * owner's audit log is kept as long. The privacy page promises 24.
 */
export function leadRetentionMonths(): number {
  const raw = process.env.LEAD_RETENTION_MONTHS?.trim();
  if (!raw) return 24;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : 24;
}

/** How often each instance deletes expired rate-limit windows, sessions and the like (± 10 %). */
export function pruneIntervalMs(): number {
  return positiveNumber("PRUNE_INTERVAL_MS", 5 * 60 * 1000);
}

/**
 * The key of the survey's address suggestions, or undefined without one. Read per
 * request, so one build serves deployments with and without a key.
 * NEXT_PUBLIC_GOOGLE_MAPS_API_KEY is its name from before the move to Astro, still read.
 */
export function mapsApiKey(): string | undefined {
  return process.env.GOOGLE_MAPS_API_KEY?.trim() || process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY?.trim() || undefined;
}

export interface LeadWebhookConfig {
  url: string;
  secret: string;
}

/** A webhook secret shorter than this is refused: it signs what a chat tool or script trusts. */
export const LEAD_WEBHOOK_SECRET_MIN = 16;

/**
 * What is wrong with LEAD_WEBHOOK_URL / LEAD_WEBHOOK_SECRET, or null when they are fine or
 * unset. The URL is https, or http only to this machine (tests, a local relay); the secret
 * is required with it. The server refuses to start with a problem (src/fetch.ts).
 */
export function leadWebhookSettingsProblem(): string | null {
  const raw = process.env.LEAD_WEBHOOK_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "[webhook] LEAD_WEBHOOK_URL is not a URL.";
  }
  if (!isSecureOrLoopbackUrl(url)) {
    return "[webhook] LEAD_WEBHOOK_URL must be https (http only to localhost / 127.0.0.1).";
  }
  if (url.username || url.password) return "[webhook] LEAD_WEBHOOK_URL must not carry a user name or password.";
  const secret = process.env.LEAD_WEBHOOK_SECRET?.trim() ?? "";
  if (secret.length < LEAD_WEBHOOK_SECRET_MIN) {
    return `[webhook] LEAD_WEBHOOK_SECRET is required with LEAD_WEBHOOK_URL, at least ${LEAD_WEBHOOK_SECRET_MIN} characters (e.g. \`openssl rand -hex 32\`).`;
  }
  return null;
}

/** New-lead webhook posts per hour, all instances together; past it one summary post when the hour ends. */
export function leadWebhookPerHour(): number {
  return wholeNumber("LEAD_WEBHOOK_PER_HOUR", 30);
}

/** The webhook carries the lead's e-mail address and phone only with LEAD_WEBHOOK_CONTACT_DETAILS=on. */
export function leadWebhookContactDetails(): boolean {
  return process.env.LEAD_WEBHOOK_CONTACT_DETAILS?.trim().toLowerCase() === "on";
}

/** The new-lead webhook, or null when it is off (unset, or set wrongly: see leadWebhookSettingsProblem). */
export function leadWebhookConfig(): LeadWebhookConfig | null {
  const url = process.env.LEAD_WEBHOOK_URL?.trim();
  if (!url || leadWebhookSettingsProblem() !== null) return null;
  return { url, secret: process.env.LEAD_WEBHOOK_SECRET!.trim() };
}

/** VAPID keys from the environment (base64url, as `web-push generate-vapid-keys` prints them). */
export interface VapidEnvKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * What is wrong with VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT, or null. The keys
 * come as a pair or not at all (then the site generates its own, src/server/push/vapid-keys.ts);
 * a subject is an https: or mailto: URL, as push services require.
 */
export function pushSettingsProblem(): string | null {
  const publicKey = process.env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = process.env.VAPID_PRIVATE_KEY?.trim();
  if (Boolean(publicKey) !== Boolean(privateKey)) return "[push] Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.";
  if (publicKey && Buffer.from(publicKey, "base64url").length !== 65) return "[push] VAPID_PUBLIC_KEY is not a P-256 public key in base64url (65 bytes).";
  if (privateKey && Buffer.from(privateKey, "base64url").length !== 32) return "[push] VAPID_PRIVATE_KEY is not a P-256 private key in base64url (32 bytes).";
  const subject = process.env.VAPID_SUBJECT?.trim();
  if (subject && !/^(https:\/\/|mailto:)\S+$/.test(subject)) return "[push] VAPID_SUBJECT must be an https: URL or a mailto: address.";
  return null;
}

/** The VAPID key pair the environment sets, or null (unset, or set wrongly: see pushSettingsProblem). */
export function vapidEnvKeys(): VapidEnvKeys | null {
  const publicKey = process.env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = process.env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey || pushSettingsProblem() !== null) return null;
  return { publicKey, privateKey };
}

/** VAPID_SUBJECT: who the push services may contact about our pushes, or null for the default. */
export function vapidSubject(): string | null {
  const subject = process.env.VAPID_SUBJECT?.trim();
  return subject && pushSettingsProblem() === null ? subject : null;
}
