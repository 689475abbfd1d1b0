import type { ColumnType, Generated } from "kysely";
import type { FollowUpType, LeadStatus } from "@/lib/lead-desk";

/*
 * Storage conventions, the same on SQLite and PostgreSQL so one query serves both:
 * - Every timestamp is a `bigint` of epoch milliseconds. No timezone or driver date
 *   parsing to disagree on, and ordering is plain integer ordering. Query functions
 *   turn `created_at` into ISO 8601 (UTC) on the way out.
 * - Booleans are written as 0/1: better-sqlite3 cannot bind `true`, and PostgreSQL
 *   accepts '0'/'1' as boolean input. They come back as 0/1 (SQLite) or
 *   true/false (PostgreSQL), so always read them through `readBoolean`.
 * - `id` is an `integer primary key autoincrement` on SQLite (ids of deleted rows are
 *   never reused, so an old admin link cannot open a different request) and a
 *   `bigserial` on PostgreSQL; the pool parses int8 as a JS number.
 */

type DbBoolean = ColumnType<boolean | number, 0 | 1, 0 | 1>;
type DbBooleanWithDefault = ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;

export interface ContactRequestsTable {
  id: Generated<number>;
  created_at: number;
  viewed: DbBooleanWithDefault;
  name: string;
  email: string;
  phone: string;
  project_type: string;
  /** The `?service=` preset the visitor came from. */
  source: string | null;
  message: string;
  /** The lead this request is a submission of (null only before the leads migration ran). */
  lead_id: LeadReference;
  /** JSON of the visit's touch (src/lib/attribution), null before attribution. */
  touch: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The e-mail and phone this submission is matched on (lead-identity.ts: emailKey, phoneKey), so
   * a later submission joins the lead through any address or number the person has used.
   */
  email_key: ColumnType<string | null, string | null | undefined, string | null>;
  phone_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SurveySubmissionsTable {
  id: Generated<number>;
  created_at: number;
  viewed: DbBooleanWithDefault;
  business_name: string;
  email: string;
  phone_number: string;
  address: string;
  employee_count: number;
  device_count: number;
  primary_internet_use: string;
  uses_streaming: DbBoolean;
  has_public_wifi: DbBoolean;
  phone_count: number;
  /** JSON array of survey service ids, as text on both engines. */
  interested_services: string;
  additional_comments: string;
  /** The lead this survey is a submission of (null only before the leads migration ran). */
  lead_id: LeadReference;
  /** JSON of the visit's touch (src/lib/attribution), null before attribution. */
  touch: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The e-mail and phone this submission is matched on (lead-identity.ts: emailKey, phoneKey), so
   * a later submission joins the lead through any address or number the person has used.
   */
  email_key: ColumnType<string | null, string | null | undefined, string | null>;
  phone_key: ColumnType<string | null, string | null | undefined, string | null>;
}

type LeadReference = ColumnType<number | null, number | null | undefined, number | null>;

/** One person or business; contact requests and surveys are its submissions (docs/lead-desk.md). */
export interface LeadsTable {
  id: Generated<number>;
  name: string;
  business: string | null;
  email: string | null;
  /** Trimmed, lower-case e-mail a new submission is matched on; unique. */
  email_key: string | null;
  phone: string | null;
  /** The phone's digits (a US number without its leading 1) a new submission is matched on; unique. */
  phone_key: string | null;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  lost_reason: string | null;
  lost_note: string | null;
  next_follow_up_at: number | null;
  first_submitted_at: number;
  last_submitted_at: number;
  /** The first Contacted status or logged call: speed to lead is this minus first_submitted_at. */
  first_response_at: number | null;
  created_at: number;
  updated_at: number;
  /** How the lead reached the desk: the website, or added by the owner after a phone call or a walk-in. */
  source: ColumnType<LeadSource, LeadSource | undefined, LeadSource>;
  /** JSON of the first and the latest touch; null before attribution and for leads the owner added. */
  first_touch: OptionalText;
  last_touch: OptionalText;
  /** The touches' channels (Unassigned before attribution) and campaigns, for filters and reports. */
  first_channel: ColumnType<string, string | undefined, string>;
  last_channel: ColumnType<string, string | undefined, string>;
  first_campaign: OptionalText;
  last_campaign: OptionalText;
  /** The service line of the first submission that names one (src/lib/lead-services.ts). */
  service: OptionalText;
  /** The survey qualification score, null without a survey. */
  score: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the lead first moved to Quoted, Won, Lost (the reports' funnel, docs/reports.md). */
  quoted_at: OptionalMillis;
  won_at: OptionalMillis;
  lost_at: OptionalMillis;
  /** A Won lead's postal address, copied from its survey when the rest of its data went (retention). */
  address: OptionalText;
  /** When retention reduced a Won lead to its invoice data (docs/privacy-controls.md). */
  redacted_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a Contacted, Quoted, Won or Lost lead wrote again; cleared once the owner answers (Today's "Came back"). */
  came_back_at: OptionalMillis;
  /** What the next follow-up is; null for one set before follow-ups had types (a call). */
  next_follow_up_type: ColumnType<FollowUpType | null, FollowUpType | null | undefined, FollowUpType | null>;
  /** The one-time and monthly values of the lead's accepted quote, in cents (docs/quotes.md). */
  won_one_time_cents: OptionalMillis;
  won_monthly_cents: OptionalMillis;
}

type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalMillis = ColumnType<number | null, number | null | undefined, number | null>;
export type LeadSource = "web" | "phone" | "walk-in";

export type LeadEventType = "opened" | "status" | "note" | "call" | "follow_up_set" | "follow_up_done" | "follow_up_ended" | "email" | "created" | "booking" | "merged" | "quote";

/** What happened to a lead besides its submissions; `data` is JSON text whose shape depends on `type`. */
export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  type: LeadEventType;
  at: number;
  data: string;
  /** For a note: when its text last changed. */
  edited_at: number | null;
  /** A call's or note's idempotency key from the desk's offline queue (unique); null otherwise. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Two leads that may be one person (they share a phone number but not an e-mail), the lower
 * id first. `dismissed_at`: the owner said "Not the same person"; the pair is never suggested again.
 */
export interface LeadDuplicatesTable {
  id: Generated<number>;
  lead_id: number;
  other_lead_id: number;
  reason: DuplicateReason;
  created_at: number;
  dismissed_at: number | null;
}

export type DuplicateReason = "phone";

/** A lead notification held back because its lead is Spam; "Not spam" puts it back in the outbox. */
export interface LeadHeldNotificationsTable {
  id: Generated<number>;
  lead_id: number;
  kind: "contact" | "survey";
  /** The submission's id, as `mail_outbox.ref_id`. */
  ref_id: number;
  payload: string;
  created_at: number;
}

/** PostgreSQL's search documents; SQLite keeps the same words in an FTS5 table of that name (rowid = lead id). */
export interface LeadSearchTable {
  lead_id: number;
  body: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
  /**
   * `window_start` + the window length. Windows differ per key, so pruning needs the
   * end of each window stored with it.
   */
  expires_at: number;
}

/** A streak of login attempts under one key (a username, from unknown browsers). */
export interface LoginThrottleTable {
  key: string;
  /** Attempts in the current streak, the one being made included. */
  attempts: number;
  /** No further attempt is allowed before this time. */
  blocked_until: number;
  /** A streak with no attempt for a day starts over. */
  last_attempt_at: number;
}

/**
 * A submission's notification to the owner (`ref_id` is the submission's id), an hourly digest
 * of held ones, the visitor's acknowledgement, the owner's reply, a new-lead webhook call, or a
 * new lead's push to one of the owner's devices (`payload` names the subscription only).
 */
export type OutboxKind = "contact" | "survey" | "digest" | "acknowledgement" | "reply" | "webhook" | "push" | BookingOutboxKind | "quote";
/** A booking's invitation (REQUEST, again on a move), cancellation, or reminder; `ref_id` is the booking's id. */
export type BookingOutboxKind = "booking-invitation" | "booking-cancellation" | "booking-reminder";
/**
 * `held`: a lead notification over the hourly e-mail allowance, waiting for the digest
 * (`next_attempt_at` is when its hour ends); `digested`: taken into the digest
 * `digest_id`, and `sent` with it.
 */
export type OutboxStatus = "pending" | "sent" | "failed" | "held" | "digested";

export interface MailOutboxTable {
  id: Generated<number>;
  created_at: number;
  kind: OutboxKind;
  /** The lead's id; null for a digest. */
  ref_id: number | null;
  /** JSON of the message: {to, from, replyTo, subject, text, html}. */
  payload: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  sent_at: number | null;
  /** For a held notification: the digest that carries it. */
  digest_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The lead the message is about (on delete cascade); null for a digest. */
  lead_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Not sent while the message with this id is still waiting to go (a cancellation after its invitation). */
  after_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type BookingStatus = "booked" | "cancelled" | "done" | "no-show";

/** A 15-minute consultation booked from /book (docs/booking.md); at most one `booked` row per `start_at`. */
export interface BookingsTable {
  id: Generated<number>;
  lead_id: number;
  start_at: number;
  end_at: number;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  name: string;
  email: string;
  phone: string;
  business: string | null;
  /** A service slug of src/content/services.ts. */
  service: string;
  note: string | null;
  email_key: string | null;
  phone_key: string | null;
  /** The invitation's iCalendar UID: the same through every move and the cancellation. */
  uid: string;
  /** The invitation's SEQUENCE: raised when the time changes and on cancellation only. */
  sequence: ColumnType<number, number | undefined, number>;
  /** sha-256 hex of the private manage link's token; the token itself is only ever e-mailed. */
  manage_token_hash: string;
  created_at: number;
  updated_at: number;
}

export type StoredQuoteStatus = "draft" | "sent" | "viewed" | "accepted" | "declined" | "replaced";
type OptionalNumber = ColumnType<number | null, number | null | undefined, number | null>;

/** One revision of a quote (docs/quotes.md); money in integer cents. */
export interface QuotesTable {
  id: Generated<number>;
  lead_id: number;
  /** The base number, Q-YYYY-NNNN; with `revision` (A, B, …) unique. */
  number: string;
  revision: string;
  status: ColumnType<StoredQuoteStatus, StoredQuoteStatus | undefined, StoredQuoteStatus>;
  /** The last day the quote can be accepted (YYYY-MM-DD, America/New_York) and the instant that day ends. */
  valid_until: string;
  expires_at: number;
  note: OptionalText;
  terms: string;
  /** A discount on the one-time total, in cents. */
  discount_cents: ColumnType<number, number | undefined, number>;
  /** The totals as last computed (the accepted options once accepted), for the list and reports. */
  one_time_cents: ColumnType<number, number | undefined, number>;
  monthly_cents: ColumnType<number, number | undefined, number>;
  /** sha-256 hex of the private link's token; null until sent. */
  token_hash: OptionalText;
  sent_at: OptionalNumber;
  viewed_at: OptionalNumber;
  accepted_at: OptionalNumber;
  accepted_name: OptionalText;
  accepted_by: ColumnType<"customer" | "owner" | null, "customer" | "owner" | null | undefined, "customer" | "owner" | null>;
  declined_at: OptionalNumber;
  declined_reason: OptionalText;
  replaced_by: OptionalNumber;
  created_at: number;
  updated_at: number;
}

export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  catalog_id: OptionalText;
  description: string;
  quantity: number;
  unit_cents: number;
  billing: "one-time" | "monthly";
  optional: ColumnType<number | boolean, 0 | 1 | undefined, 0 | 1>;
  /** Counted in the totals: always for a required line; for an optional one, once ticked. */
  selected: ColumnType<number | boolean, 0 | 1 | undefined, 0 | 1>;
  /** Basis points: 825 is 8.25 %. */
  tax_rate: ColumnType<number, number | undefined, number>;
  discount_cents: ColumnType<number, number | undefined, number>;
}

/** The record an acceptance leaves (ESIGN/UETA, docs/quotes.md). */
export interface QuoteAcceptancesTable {
  id: Generated<number>;
  quote_id: number;
  lead_id: number;
  snapshot: string;
  snapshot_sha256: string;
  options: string;
  one_time_cents: number;
  monthly_cents: number;
  terms: string;
  consent_text: string;
  typed_name: string;
  accepted_by: "customer" | "owner";
  ip: string | null;
  user_agent: string | null;
  accepted_at: number;
}

export interface QuoteCountersTable {
  year: number;
  last: number;
}

/** A reply the owner starts from on a lead (docs/lead-mail.md); `subject` and `body` hold placeholders. */
export interface ReplyTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionsTable {
  /** sha-256 hex of the cookie token; the token itself is never stored. */
  token_hash: string;
  /**
   * The name the account page and its API use for a session (random, base64url). Never
   * the token or its hash: listing sessions must not hand out what opens them.
   */
  public_id: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry, however active the session is. */
  expires_at: number;
  /** The browser's User-Agent at sign-in (cut to 512 characters), for the sessions list. */
  user_agent: string | null;
  /** The client address at sign-in, as the rate limits see it. */
  address: string | null;
}

export interface AdminSetupTokensTable {
  /** sha-256 hex of the link's token; the token itself is only ever printed. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** Set once, by the one request that consumes the link. */
  used_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** The single row (id 1) of the owner's TOTP second factor. */
export interface AdminTwoFactorTable {
  id: number;
  /** Base32 TOTP secret while two-step verification is on; the server needs it to compute codes. */
  secret: string | null;
  enabled_at: number | null;
  /** The newest TOTP time step accepted: a code of this step or an earlier one is a replay. */
  last_time_step: number | null;
  /** A secret shown during enrolment, active only once a code from it is confirmed. */
  pending_secret: string | null;
  pending_expires_at: number | null;
}

export interface AdminRecoveryCodesTable {
  /** sha-256 hex of the normalised code; the code itself is shown once and never stored. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A right password waiting for its second factor; the cookie holds the token, this its hash. */
export interface AdminPendingLoginsTable {
  token_hash: string;
  created_at: number;
  expires_at: number;
  attempts: ColumnType<number, number | undefined, number>;
}

/** A device cookie's nonce once a newer cookie replaced it in its browser (src/server/auth/device-cookie.ts). */
export interface AdminRetiredDeviceCookiesTable {
  nonce: string;
  retired_at: number;
}

/**
 * One action of the owner's (docs/privacy-controls.md). Never a person's data: `detail`
 * is JSON of ids, statuses and counts; `session_id` is `admin_sessions.public_id`, never
 * the token; `session_label` names the browser ("Chrome 131 on Linux"), so an entry
 * still says where it came from after its session ended.
 */
export interface AdminAuditLogTable {
  id: Generated<number>;
  at: number;
  /** Null for what the site did by itself (the retention step). */
  session_id: string | null;
  session_label: string | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  detail: ColumnType<string, string | undefined, string>;
}

/** A browser of the owner's that gets a push for every new lead (src/server/push/). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
  /** The browser as the owner recognises it ("Chrome 131 on Android"). */
  label: string;
  created_at: number;
  last_success_at: number | null;
}

export interface Database {
  contact_requests: ContactRequestsTable;
  survey_submissions: SurveySubmissionsTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
  mail_outbox: MailOutboxTable;
  admin_sessions: AdminSessionsTable;
  admin_setup_tokens: AdminSetupTokensTable;
  settings: SettingsTable;
  admin_two_factor: AdminTwoFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_pending_logins: AdminPendingLoginsTable;
  admin_retired_device_cookies: AdminRetiredDeviceCookiesTable;
  leads: LeadsTable;
  lead_events: LeadEventsTable;
  lead_held_notifications: LeadHeldNotificationsTable;
  lead_search: LeadSearchTable;
  reply_templates: ReplyTemplatesTable;
  admin_audit_log: AdminAuditLogTable;
  bookings: BookingsTable;
  lead_duplicates: LeadDuplicatesTable;
  push_subscriptions: PushSubscriptionsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_acceptances: QuoteAcceptancesTable;
  quote_counters: QuoteCountersTable;
}

export function writeBoolean(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function readBoolean(value: boolean | number): boolean {
  return value === true || value === 1;
}

export function isoFromMillis(value: number): string {
  return new Date(value).toISOString();
}

/** Ids from a URL may be anything; a non-id simply matches no row (and never reaches PostgreSQL as `NaN`). */
export function isRowId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}
