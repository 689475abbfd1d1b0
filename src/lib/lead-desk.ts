import type { LeadChannel, Touch } from "./attribution/touch";

/**
 * The lead desk's API shapes (docs/lead-desk.md): what src/server/desk builds and the
 * desk screens read. Statuses, reasons and outcomes are spelled once, here.
 */

export const leadStatuses = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const lostReasons = ["price", "competitor", "no-response", "not-a-fit", "timing", "other"] as const;
export type LostReason = (typeof lostReasons)[number];

export const callOutcomes = ["reached", "voicemail", "no-answer"] as const;
export type CallOutcome = (typeof callOutcomes)[number];

export const submissionKinds = ["contact", "survey"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

export const leadSorts = ["recent", "oldest", "name", "follow-up", "score"] as const;
export type LeadSort = (typeof leadSorts)[number];

export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;
export const LOST_NOTE_MAX = 500;
export const NOTE_TEXT_MAX = 5000;

export type LeadListItem = {
  id: number;
  name: string;
  business: string | null;
  email: string | null;
  phone: string | null;
  status: LeadStatus;
  submissionCount: number;
  firstSubmittedAt: string;
  lastSubmittedAt: string;
  nextFollowUpAt: string | null;
  kinds: SubmissionKind[];
  /** The survey qualification score (0–100), null without a survey. */
  score: number | null;
  /** How the lead reached the desk: the website, or added by the owner after a call or a visit. */
  source: LeadSource;
  /** The channel of the lead's first touch (Unassigned before attribution). */
  firstChannel: LeadChannel;
};

export type LeadList = { items: LeadListItem[]; total: number; page: number; pageSize: number };

/** A submission as the contacts or surveys API returns it, plus its kind and time, and its `touch` (Touch or null, docs/attribution.md). */
export type LeadSubmission = { id: number; kind: SubmissionKind; submittedAt: string } & Record<string, unknown>;

type TimelineBase = { id: string; at: string };
export type TimelineEntry = TimelineBase &
  (
    | { type: "submission"; kind: SubmissionKind; submissionId: number; summary: string }
    | { type: "opened" }
    | { type: "status"; from: LeadStatus; to: LeadStatus; lostReason?: LostReason; lostNote?: string | null }
    | { type: "note"; noteId: number; text: string; editedAt: string | null }
    | { type: "call"; outcome: CallOutcome; note: string | null }
    | { type: "follow_up_set"; dueAt: string }
    | { type: "follow_up_done"; dueAt: string }
    | { type: "email"; subject: string; body: string; templateId: number | null; delivery: EmailDelivery }
    | { type: "created"; source: OfflineLeadSource }
    | { type: "booking"; bookingId: number; action: ConsultationAction; start: string }
  );

/** What happened to a consultation, as the lead's timeline says it. */
export type ConsultationAction = "booked" | "moved" | "cancelled" | "done" | "no-show";

/** A lead's consultation, as the lead's answer lists it (docs/booking.md). */
export type LeadBooking = { id: number; start: string; end: string; status: "booked" | "cancelled" | "done" | "no-show" };

/** A reply from the desk (docs/lead-mail.md): queued in the outbox, or drafted in the owner's e-mail app (no SMTP). */
export type EmailDelivery = "queued" | "drafted";

export type LeadDetail = LeadListItem & {
  lostReason: LostReason | null;
  lostNote: string | null;
  firstResponseAt: string | null;
  speedToLeadSeconds: number | null;
  submissions: LeadSubmission[];
  timeline: TimelineEntry[];
  /** What the latest survey promises (src/server/desk/lead-qualification.ts), null without a survey. */
  qualification: LeadQualification | null;
  /** Where the lead came from, first and latest (docs/attribution.md); null before attribution. */
  firstTouch: Touch | null;
  lastTouch: Touch | null;
  /** The lead's consultations, newest first (docs/booking.md). */
  bookings: LeadBooking[];
};

export type LeadNote = { id: number; text: string; at: string; editedAt: string | null };

export type TodayView = {
  uncontacted: LeadListItem[];
  /** All new leads, when there are more than `uncontacted` lists. */
  uncontactedTotal: number;
  followUpsDue: LeadListItem[];
  followUpsDueTotal: number;
  speedToLead: { medianSeconds: number | null; leads: number };
  now: string;
};

export const leadSources = ["web", "phone", "walk-in"] as const;
export type LeadSource = (typeof leadSources)[number];
/** The sources of a lead the owner adds by hand (POST /api/admin/leads). */
export const offlineLeadSources = ["phone", "walk-in"] as const;
export type OfflineLeadSource = (typeof offlineLeadSources)[number];

/** A survey's score (0–100), the package to offer, and the facts that led there. */
export type LeadQualification = { score: number; package: string; reasons: string[] };

/** "12 employees, 40 devices, public WiFi → Managed Internet & Failover + Guest WiFi". */
export function qualificationLine(qualification: LeadQualification): string {
  return qualification.reasons.length > 0 ? `${qualification.reasons.join(", ")} → ${qualification.package}` : qualification.package;
}

/** POST /api/admin/leads answers 409 with this when the e-mail or phone is already a lead's. */
export type DuplicateLead = { error: string; leadId: number };
