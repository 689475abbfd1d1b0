import type { CallOutcome, LeadStatus } from "@/lib/lead-desk";
import { callOutcomeLabels, leadStatusLabels } from "@/lib/lead-desk-labels";

/*
 * The owner's audit log (docs/privacy-controls.md): the actions it records and how the
 * account page words them. Safe for the browser. A new action is one line in
 * `auditActions`; an endpoint records it with `audit(...)` (src/server/admin/admin-route.ts).
 */

/** Each recorded action and how the Activity list says it; `{target}` is e.g. "lead #12". */
export const auditActions = {
  "lead.status": "Changed the status of {target}",
  "lead.note_added": "Added a note to {target}",
  "lead.note_edited": "Edited a note on {target}",
  "lead.note_deleted": "Deleted a note on {target}",
  "lead.call": "Logged a call with {target}",
  "lead.follow_up_set": "Set a follow-up for {target}",
  "lead.follow_up_cleared": "Cleared the follow-up of {target}",
  "lead.follow_up_ended": "Ended the follow-up of {target} by deciding the lead",
  "lead.erased": "Erased {target}",
  "lead.exported": "Exported {target} as JSON",
  "lead.added": "Added {target} by hand",
  "lead.merged": "Merged another lead into {target}",
  "lead.not_duplicate": "Marked a lead as not the same person as {target}",
  "lead.email_sent": "Sent an e-mail reply to {target}",
  "lead.email_drafted": "Drafted an e-mail reply to {target}",
  "template.created": "Added {target}",
  "template.updated": "Edited {target}",
  "template.deleted": "Deleted {target}",
  "contact.deleted": "Deleted {target}",
  "survey.deleted": "Deleted {target}",
  "account.signed_in": "Signed in",
  "account.signed_out": "Signed out",
  "account.password_changed": "Changed the password",
  "account.two_factor_on": "Turned two-step verification on",
  "account.two_factor_off": "Turned two-step verification off",
  "account.sessions_ended": "Signed out every other browser",
  "account.session_ended": "Ended a session",
  "push.device_added": "Turned on new-lead notifications on {target}",
  "push.device_removed": "Turned off new-lead notifications on {target}",
  "retention.applied": "Retention: erased or reduced old leads",
  "booking.changed": "Changed {target}",
  "availability.changed": "Changed the booking availability",
  "calendar_feed.regenerated": "Made a new private calendar feed address",
  "quote.created": "Drafted {target}",
  "quote.updated": "Edited {target}",
  "quote.sent": "Sent {target}",
  "quote.revised": "Revised {target}",
  "quote.accepted_by_phone": "Recorded {target} as accepted by phone",
  "quote.settings_changed": "Changed the quote terms and tax rate",
} as const;

export type AuditAction = keyof typeof auditActions;

/** What an action was done to; `{target}` reads "lead #12", "contact request #3"… */
export const auditTargetKinds = { lead: "lead", contact: "contact request", survey: "survey", session: "session", template: "reply template", booking: "consultation", device: "device", quote: "quote" } as const;
export type AuditTargetKind = keyof typeof auditTargetKinds;

/**
 * An entry's detail: ids, statuses, counts and flags only. Text is limited to key-like
 * words (`AUDIT_DETAIL_TEXT`), so a name, an address or a message cannot be stored.
 */
export type AuditDetail = Record<string, string | number | boolean | null>;
export const AUDIT_DETAIL_TEXT = /^[A-Za-z0-9_.:-]{0,40}$/;

/** GET /api/admin/account/audit?page=: one page of entries, newest first. */
export type AuditEntryView = {
  id: number;
  at: string;
  action: AuditAction | string;
  targetKind: AuditTargetKind | null;
  targetId: string | null;
  detail: AuditDetail;
  /** The session's browser as named at sign-in ("Chrome 131 on Linux"); null for the site itself. */
  session: { label: string; current: boolean } | null;
};

export type AuditPage = { entries: AuditEntryView[]; page: number; pageSize: number; total: number };

export const AUDIT_PAGE_SIZE = 20;

/** "Erased lead #12", "Changed the status of lead #12 from New to Contacted", "Retention: erased 3 leads, kept invoice data of 1". */
export function describeAuditEntry(entry: Pick<AuditEntryView, "action" | "targetKind" | "targetId" | "detail">): string {
  const template: string = auditActions[entry.action as AuditAction] ?? entry.action;
  const target = entry.targetKind ? `${auditTargetKinds[entry.targetKind] ?? entry.targetKind} #${entry.targetId ?? "?"}` : "";
  const text = template.replace("{target}", target);
  const { detail } = entry;
  const status = (value: unknown) => leadStatusLabels[value as LeadStatus] ?? String(value);
  switch (entry.action) {
    case "lead.status":
      return `${text} from ${status(detail.from)} to ${status(detail.to)}`;
    case "lead.call":
      return `${text}: ${callOutcomeLabels[detail.outcome as CallOutcome] ?? String(detail.outcome)}`;
    case "retention.applied":
      return `Retention: erased ${plural(Number(detail.erased), "lead")} inactive for ${Number(detail.months)} months, reduced ${plural(Number(detail.reduced), "won lead")} to invoice data`;
    default:
      return text;
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
