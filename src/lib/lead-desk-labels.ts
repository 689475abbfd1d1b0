import {
  type CallOutcome,
  type FollowUpSnooze,
  type FollowUpType,
  type LeadSort,
  type LeadSource,
  type LeadStatus,
  leadStatuses,
  type LostReason,
  type SubmissionKind,
} from "./lead-desk";
import { projectTypes } from "./validation/project-types";
import { surveyServices } from "./validation/survey-services";

/** The words the desk's screens show for the lead desk's values (src/lib/lead-desk.ts spells the values). */

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

export const lostReasonLabels: Record<LostReason, string> = {
  price: "Price",
  competitor: "Went with a competitor",
  "no-response": "No response",
  "not-a-fit": "Not a fit",
  timing: "Timing",
  other: "Other",
};

export const followUpTypeLabels: Record<FollowUpType, string> = { call: "Call", email: "E-mail", visit: "Visit", meeting: "Meeting" };
export const followUpSnoozeLabels: Record<FollowUpSnooze, string> = { hour: "1 hour", tomorrow: "Tomorrow", "next-week": "Next week" };

export const callOutcomeLabels: Record<CallOutcome, string> = { reached: "Reached", voicemail: "Voicemail", "no-answer": "No answer" };

export const submissionKindLabels: Record<SubmissionKind, string> = { contact: "Contact request", survey: "Survey" };

export const leadSortLabels: Record<LeadSort, string> = { recent: "Most recent", oldest: "Oldest first", name: "Name", "follow-up": "Next follow-up", score: "Survey score" };

/** How a lead reached the desk, in the desk's words. */
export const leadSourceLabels: Record<LeadSource, string> = { web: "Website", phone: "Phone", "walk-in": "Walk-in" };

/** The service filter's choices: the contact form's project types and the survey's services. */
export const serviceFilterOptions: readonly { value: string; label: string }[] = [
  ...projectTypes.map(({ value, label }) => ({ value, label: `${label} (contact)` })),
  ...surveyServices.map(({ value, label }) => ({ value, label: `${label} (survey)` })),
].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);

/** GET /api/admin/counts: the inboxes' new items, and the desk's new leads and follow-ups due. */
export interface AdminCounts {
  surveys: number;
  contacts: number;
  leadsNew: number;
  followUpsDue: number;
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
