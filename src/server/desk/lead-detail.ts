import type { Kysely, Selectable } from "kysely";
import {
  type CallOutcome,
  type ConsultationAction,
  type EmailDelivery,
  type FollowUpType,
  type LeadDetail,
  type LeadStatus,
  type LeadSubmission,
  type LostReason,
  type OfflineLeadSource,
  type SubmissionKind,
  submissionKinds,
  type TimelineEntry,
} from "@/lib/lead-desk";
import { getDb } from "@/server/db/connection";
import { leadKinds, type StoredSubmission } from "@/server/leads/lead-kinds";
import { readSubmission } from "@/server/leads/stored-submissions";
import { type Database, isoFromMillis, isRowId, type LeadEventsTable } from "@/server/db/schema";
import { qualifyLatestSurvey } from "@/server/leads/lead-qualification";
import { readStoredTouch } from "@/server/leads/lead-touches";
import { latestRequests } from "./latest-request";
import { toListItem } from "./lead-list";
import { listLeadBookings } from "@/server/bookings/booking-store";
import { possibleDuplicatesOf } from "@/server/leads/lead-duplicates";
import { listLeadQuotes } from "@/server/quotes/quote-store";
import { openQuoteValues } from "@/server/quotes/open-quotes";
import type { QuoteEventData } from "@/server/quotes/quote-lead";

const SUMMARY_MAX = 140;

/** GET /api/admin/leads/{id}: the lead, its submissions and its timeline, newest first; undefined when there is no such lead. */
export async function getLeadDetail(id: number, executor?: Kysely<Database>): Promise<LeadDetail | undefined> {
  if (!isRowId(id)) return undefined;
  const db = executor ?? (await getDb());
  const lead = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const [contacts, surveys, events, requests, bookings, possibleDuplicates, quotes] = await Promise.all([
    db.selectFrom("contact_requests").selectAll().where("lead_id", "=", id).execute(),
    db.selectFrom("survey_submissions").selectAll().where("lead_id", "=", id).execute(),
    db.selectFrom("lead_events").selectAll().where("lead_id", "=", id).execute(),
    latestRequests(db, [id]),
    listLeadBookings(db, id),
    possibleDuplicatesOf(db, id),
    listLeadQuotes(db, id),
  ]);

  const submissions = [
    ...contacts.map((row) => leadSubmission("contact", readSubmission("contact", row), row)),
    ...surveys.map((row) => leadSubmission("survey", readSubmission("survey", row), row)),
  ].sort((a, b) => b.order - a.order || b.id - a.id);

  const timeline: (TimelineEntry & { order: [number, number] })[] = [
    ...submissions.map((submission) => ({
      id: `submission-${submission.kind}-${submission.id}`,
      type: "submission" as const,
      at: submission.submittedAt,
      kind: submission.kind,
      submissionId: submission.id,
      summary: submission.summary,
      order: [submission.order, 0] as [number, number],
    })),
    ...events.flatMap((event) => {
      const entry = timelineEntry(event);
      return entry ? [{ ...entry, order: [Number(event.at), event.id] as [number, number] }] : [];
    }),
  ].sort((a, b) => b.order[0] - a.order[0] || b.order[1] - a.order[1]);

  const firstResponse = lead.first_response_at === null ? null : Number(lead.first_response_at);
  const kinds = submissionKinds.filter((kind) => submissions.some((submission) => submission.kind === kind));
  return {
    ...toListItem(lead, contacts.length + surveys.length, kinds, (await openQuoteValues(db, [id])).get(id) ?? null),
    firstResponseAt: firstResponse === null ? null : isoFromMillis(firstResponse),
    speedToLeadSeconds: firstResponse === null ? null : Math.max(0, Math.round((firstResponse - Number(lead.first_submitted_at)) / 1000)),
    submissions: submissions.map(({ order: _order, summary: _summary, ...submission }) => submission),
    timeline: timeline.map(({ order: _order, ...entry }) => entry as TimelineEntry),
    latestRequest: requests.get(id) ?? null,
    qualification: qualifyLatestSurvey(surveys.map((row) => ({ ...readSubmission("survey", row), submittedAt: Number(row.created_at) }))),
    firstTouch: readStoredTouch(lead.first_touch),
    lastTouch: readStoredTouch(lead.last_touch),
    bookings,
    possibleDuplicates,
    quotes,
  };
}

/** A stored submission as the lead page lists it, with the line its timeline entry shows (its kind's `summary`, cut to 140 characters). */
function leadSubmission<Kind extends SubmissionKind>(kind: Kind, record: StoredSubmission[Kind], row: { created_at: number; touch: string | null }) {
  const text = leadKinds[kind].summary(record);
  const submission: LeadSubmission = { ...record, kind, submittedAt: isoFromMillis(Number(row.created_at)), touch: readStoredTouch(row.touch) };
  return { ...submission, order: Number(row.created_at), summary: text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text };
}

/** What each event type keeps in `data` (lead-changes.ts writes them). */
type EventData = {
  status: { from: LeadStatus; to: LeadStatus; lostReason?: LostReason; lostNote?: string | null };
  note: { text: string };
  call: { outcome: CallOutcome; note: string | null };
  follow_up_set: { dueAt: number; followUpType?: FollowUpType };
  follow_up_done: { dueAt: number };
  follow_up_ended: { dueAt: number; status: LeadStatus };
  email: { subject: string; body: string; templateId: number | null; delivery: EmailDelivery };
  created: { source: OfflineLeadSource };
  /** What happened to a consultation (src/server/bookings): its id, its time then, and what changed. */
  booking: { bookingId: number; action: ConsultationAction; start: number };
  /** Another lead was merged into this one (merge-leads.ts): its id only, so erasing a submission leaves no name here. */
  merged: { mergedLeadId: number };
  /** A quote's step (src/server/quotes): its id and number as it was then. */
  quote: QuoteEventData;
};

function timelineEntry(event: Selectable<LeadEventsTable>): TimelineEntry | undefined {
  const base = { id: `event-${event.id}`, at: isoFromMillis(Number(event.at)) };
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(event.data) as Record<string, unknown>;
  } catch {
    // A damaged row must not take the whole lead down with it.
    return undefined;
  }
  switch (event.type) {
    case "opened":
      return { ...base, type: "opened" };
    case "status": {
      const status = data as EventData["status"];
      return { ...base, type: "status", ...status };
    }
    case "note":
      return { ...base, type: "note", noteId: event.id, text: String((data as EventData["note"]).text), editedAt: event.edited_at === null ? null : isoFromMillis(Number(event.edited_at)) };
    case "call": {
      const call = data as EventData["call"];
      return { ...base, type: "call", outcome: call.outcome, note: call.note ?? null };
    }
    case "created":
      return { ...base, type: "created", source: (data as EventData["created"]).source };
    case "follow_up_set": {
      const set = data as EventData["follow_up_set"];
      return { ...base, type: "follow_up_set", dueAt: isoFromMillis(Number(set.dueAt)), followUpType: set.followUpType ?? null };
    }
    case "follow_up_done":
      return { ...base, type: "follow_up_done", dueAt: isoFromMillis(Number((data as EventData["follow_up_done"]).dueAt)) };
    case "follow_up_ended": {
      const ended = data as EventData["follow_up_ended"];
      return { ...base, type: "follow_up_ended", dueAt: isoFromMillis(Number(ended.dueAt)), status: ended.status };
    }
    case "booking": {
      const booking = data as EventData["booking"];
      return { ...base, type: "booking", bookingId: Number(booking.bookingId), action: booking.action, start: isoFromMillis(Number(booking.start)) };
    }
    case "merged": {
      const merged = data as EventData["merged"];
      return { ...base, type: "merged", mergedLeadId: Number(merged.mergedLeadId) };
    }
    case "quote": {
      const quote = data as EventData["quote"];
      return { ...base, type: "quote", quoteId: Number(quote.quoteId), number: String(quote.number), action: quote.action, by: quote.by ?? null };
    }
    case "email": {
      const email = data as EventData["email"];
      return { ...base, type: "email", subject: String(email.subject), body: String(email.body), templateId: email.templateId ?? null, delivery: email.delivery };
    }
    default:
      return undefined;
  }
}

export type { EventData };
