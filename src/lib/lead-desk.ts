import type { Quote } from "./quotes/quote-types";
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
export const isSubmissionKind = (value: string): value is SubmissionKind => (submissionKinds as readonly string[]).includes(value);

export const leadSorts = ["recent", "oldest", "name", "follow-up", "score"] as const;
export type LeadSort = (typeof leadSorts)[number];

/** What a follow-up is; one set before follow-ups had types reads as a call. */
export const followUpTypes = ["call", "email", "visit", "meeting"] as const;
export type FollowUpType = (typeof followUpTypes)[number];

/** Today's "snooze" choices for a follow-up (src/server/leads/follow-ups.ts turns them into times). */
export const followUpSnoozes = ["hour", "tomorrow", "next-week"] as const;
export type FollowUpSnooze = (typeof followUpSnoozes)[number];

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
  /** What the next follow-up is (null when none is set). */
  nextFollowUpType: FollowUpType | null;
  /** When the lead wrote again after it was answered; null once the owner answers (Today's "Came back"). */
  cameBackAt: string | null;
  /** The service line (src/lib/lead-services.ts), null when no submission named one. */
  service: string | null;
  /** Why a Lost lead was lost (null otherwise): an Undo of a move out of Lost puts them back. */
  lostReason: LostReason | null;
  lostNote: string | null;
  kinds: SubmissionKind[];
  /** The survey qualification score (0–100), null without a survey. */
  score: number | null;
  /** How the lead reached the desk: the website, or added by the owner after a call or a visit. */
  source: LeadSource;
  /** The channel of the lead's first touch (Unassigned before attribution). */
  firstChannel: LeadChannel;
  /** The newest quote still open (sent or viewed, not expired): its number and value, for the list and the board. */
  openQuote: OpenQuoteValue | null;
};

export type OpenQuoteValue = { number: string; oneTimeCents: number; monthlyCents: number };

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
    | { type: "follow_up_set"; dueAt: string; followUpType: FollowUpType | null }
    | { type: "follow_up_done"; dueAt: string }
    | { type: "follow_up_ended"; dueAt: string; status: LeadStatus }
    | { type: "email"; subject: string; body: string; templateId: number | null; delivery: EmailDelivery }
    | { type: "created"; source: OfflineLeadSource }
    | { type: "booking"; bookingId: number; action: ConsultationAction; start: string }
    | { type: "merged"; mergedLeadId: number }
    | { type: "quote"; quoteId: number; number: string; action: QuoteEventAction; by: "customer" | "owner" | null }
  );

/** A quote's step on the lead's timeline ("Quote Q-2026-0001 sent", docs/quotes.md). */
export type QuoteEventAction = "created" | "sent" | "viewed" | "accepted" | "declined" | "revised";

/** What happened to a consultation, as the lead's timeline says it. */
export type ConsultationAction = "booked" | "moved" | "cancelled" | "done" | "no-show";

/** A lead's consultation, as the lead's answer lists it (docs/booking.md). */
export type LeadBooking = { id: number; start: string; end: string; status: "booked" | "cancelled" | "done" | "no-show" };

/** A reply from the desk (docs/lead-mail.md): queued in the outbox, or drafted in the owner's e-mail app (no SMTP). */
export type EmailDelivery = "queued" | "drafted";

export type LeadDetail = LeadListItem & {
  firstResponseAt: string | null;
  speedToLeadSeconds: number | null;
  submissions: LeadSubmission[];
  timeline: TimelineEntry[];
  /** What the latest survey promises (src/server/leads/lead-qualification.ts), null without a survey. */
  qualification: LeadQualification | null;
  /** What the lead last sent, shown at the top of its card; null when it has no submission (added by hand). */
  latestRequest: LatestRequest | null;
  /** Where the lead came from, first and latest (docs/attribution.md); null before attribution. */
  firstTouch: Touch | null;
  lastTouch: Touch | null;
  /** The lead's consultations, newest first (docs/booking.md). */
  bookings: LeadBooking[];
  /** Leads that may be this same person (they share a phone number): the owner merges them or says they are not. */
  possibleDuplicates: PossibleDuplicate[];
  /** The lead's quotes, newest first (docs/quotes.md). */
  quotes: Quote[];
};

export type PossibleDuplicate = { id: number; name: string; reason: string };

export type LeadNote = { id: number; text: string; at: string; editedAt: string | null };

/** The first 200 characters of what a lead last sent: a message, or a survey's summary. */
export type LatestRequest = { kind: SubmissionKind; at: string; text: string };

/** A lead on Today, with what it last sent. */
export type TodayItem = LeadListItem & { latestRequest: LatestRequest | null };

/**
 * Today's groups (docs/lead-desk.md): new leads of the last 7 days, newest first; older new
 * leads; leads that came back; follow-ups due by the end of today.
 */
export const todayGroups = ["new", "older", "came-back", "follow-ups"] as const;
export type TodayGroupName = (typeof todayGroups)[number];
export type TodayPage = { items: TodayItem[]; total: number; page: number; pageSize: number };

export type TodayView = {
  groups: Record<TodayGroupName, TodayPage>;
  speedToLead: { medianSeconds: number | null; leads: number };
  now: string;
};

/** One follow-up on the agenda. */
export type AgendaItem = { lead: LeadListItem; dueAt: string; type: FollowUpType };
/** A consultation on the agenda (not cancelled), with the lead it belongs to. */
export type AgendaConsultation = { lead: LeadListItem; booking: LeadBooking };
/** GET /api/admin/agenda: each of the next 14 days (YYYY-MM-DD, New York) with its follow-ups and consultations, each in time order, and how many follow-ups are overdue (Today lists them). */
export type AgendaView = { overdueCount: number; days: { date: string; items: AgendaItem[]; consultations: AgendaConsultation[] }[]; now: string };

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
