import type { ContactRequest, SurveySubmission } from "./inbox-records";
import { projectTypes } from "./validation/project-types";
import { surveyServices } from "./validation/survey-services";

/**
 * The lead desk's API shapes as the browser reads them (docs: DESK-API contract of
 * issue 22), with the words the screens show for them. Client-safe: no server code.
 */

export const leadStatuses = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** The pipeline's columns on the board: every status but Spam, which only its filter shows. */
export const pipelineStatuses = leadStatuses.filter((status) => status !== "spam");

export const lostReasons = [
  { value: "price", label: "Price" },
  { value: "competitor", label: "Went with a competitor" },
  { value: "no-response", label: "No response" },
  { value: "not-a-fit", label: "Not a fit" },
  { value: "timing", label: "Timing" },
  { value: "other", label: "Other" },
] as const;
export type LostReason = (typeof lostReasons)[number]["value"];

export function lostReasonLabel(value: string): string {
  return lostReasons.find((reason) => reason.value === value)?.label ?? value;
}

export const callOutcomes = [
  { value: "reached", label: "Reached" },
  { value: "voicemail", label: "Voicemail" },
  { value: "no-answer", label: "No answer" },
] as const;
export type CallOutcome = (typeof callOutcomes)[number]["value"];

export function callOutcomeLabel(value: string): string {
  return callOutcomes.find((outcome) => outcome.value === value)?.label ?? value;
}

export type SubmissionKind = "contact" | "survey";

export const submissionKindLabels: Record<SubmissionKind, string> = { contact: "Contact request", survey: "Survey" };

/** The service filter's choices: the contact form's project types and the survey's services. */
export const serviceFilterOptions: readonly { value: string; label: string }[] = [
  ...projectTypes.map(({ value, label }) => ({ value, label: `${label} (contact)` })),
  ...surveyServices.map(({ value, label }) => ({ value, label: `${label} (survey)` })),
].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);

export interface LeadListItem {
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
}

export interface LeadListPage {
  items: LeadListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export type Submission =
  | ({ kind: "contact"; submittedAt: string } & ContactRequest)
  | ({ kind: "survey"; submittedAt: string } & SurveySubmission);

export type TimelineEntry = { id: string; at: string } & (
  | { type: "submission"; kind: SubmissionKind; submissionId: number; summary: string }
  | { type: "opened" }
  | { type: "status"; from: LeadStatus; to: LeadStatus; lostReason?: string | null; lostNote?: string | null }
  | { type: "note"; noteId: number; text: string; editedAt: string | null }
  | { type: "call"; outcome: CallOutcome; note: string | null }
  | { type: "follow_up_set"; dueAt: string }
  | { type: "follow_up_done"; dueAt: string }
);

export interface LeadDetail extends LeadListItem {
  lostReason: LostReason | null;
  lostNote: string | null;
  firstResponseAt: string | null;
  speedToLeadSeconds: number | null;
  submissions: Submission[];
  timeline: TimelineEntry[];
}

export interface TodayAnswer {
  uncontacted: LeadListItem[];
  followUpsDue: LeadListItem[];
  speedToLead: { medianSeconds: number | null; leads: number };
  now: string;
}

/** GET /api/admin/counts: the inboxes' new items, and the desk's new leads and follow-ups due. */
export interface AdminCounts {
  surveys: number;
  contacts: number;
  leadsNew?: number;
  followUpsDue?: number;
}

/** "2 h 14 min", "3 min", "4 d 2 h": how long something took or has waited. */
export function durationInWords(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 1) return "under 1 min";
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** The phone number as a tel:/sms: address: digits and a leading plus only. */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  return `${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}
