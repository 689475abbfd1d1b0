import { ArrowRightLeft, CalendarCheck, CalendarClock, CalendarDays, CalendarX, Eye, FileText, Inbox, type LucideIcon, Mail, Merge, PhoneCall, StickyNote, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { TimelineEntry } from "@/lib/lead-desk";
import { callOutcomeLabels, followUpTypeLabels, leadSourceLabels, leadStatusLabels, lostReasonLabels, submissionKindLabels } from "@/lib/lead-desk-labels";
import { consultationHeadline } from "@/lib/booking/consultation-time";
import { quoteHeadline } from "@/lib/quotes/quote-labels";
import { formatDateTime } from "./desk-time";
import { NoteForm } from "./note-form";
import { useLeadMutations } from "./use-lead-mutations";

const icons: Record<TimelineEntry["type"], LucideIcon> = {
  submission: Inbox,
  opened: Eye,
  status: ArrowRightLeft,
  note: StickyNote,
  call: PhoneCall,
  follow_up_set: CalendarClock,
  follow_up_done: CalendarCheck,
  follow_up_ended: CalendarX,
  email: Mail,
  created: UserPlus,
  booking: CalendarDays,
  merged: Merge,
  quote: FileText,
};

/** What happened, in words (notes and call notes show their text under it). */
function headline(entry: TimelineEntry): string {
  switch (entry.type) {
    case "submission":
      return `${submissionKindLabels[entry.kind]} received`;
    case "opened":
      return "Opened";
    case "status": {
      const reason = entry.to === "lost" && entry.lostReason ? ` (${lostReasonLabels[entry.lostReason]}${entry.lostNote ? `: ${entry.lostNote}` : ""})` : "";
      return `Status: ${leadStatusLabels[entry.from]} → ${leadStatusLabels[entry.to]}${reason}`;
    }
    case "note":
      return entry.editedAt ? "Note (edited)" : "Note";
    case "call":
      return `Call: ${callOutcomeLabels[entry.outcome]}`;
    case "follow_up_set":
      return `Follow-up set for ${formatDateTime(entry.dueAt)}: ${followUpTypeLabels[entry.followUpType ?? "call"]}`;
    case "follow_up_ended":
      return `Follow-up of ${formatDateTime(entry.dueAt)} ended: the lead is ${leadStatusLabels[entry.status]}`;
    case "follow_up_done":
      return `Follow-up done (was due ${formatDateTime(entry.dueAt)})`;
    case "email":
      return `${entry.delivery === "queued" ? "E-mail sent" : "E-mail drafted"}: ${entry.subject}`;
    case "created":
      return `Added by the owner (${leadSourceLabels[entry.source].toLowerCase()})`;
    case "booking":
      return consultationHeadline(entry.action, entry.start);
    case "merged":
      return `Merged with lead #${entry.mergedLeadId}: its submissions and timeline are here now`;
    case "quote":
      return quoteHeadline(entry);
  }
}

function body(entry: TimelineEntry): string | null {
  if (entry.type === "note") return entry.text;
  if (entry.type === "call") return entry.note;
  if (entry.type === "submission") return entry.summary;
  if (entry.type === "email") return entry.body;
  return null;
}

/** Everything that happened to a lead, newest first, each with its time. Notes are edited and deleted here. */
export function LeadTimeline({ leadId, timeline }: { leadId: number; timeline: TimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline">
      <h2 id="timeline" className="mb-3 text-lg font-bold text-slate-900">
        Timeline
      </h2>
      <ol className="grid gap-0" data-testid="timeline">
        {timeline.map((entry) => (
          <TimelineItem key={entry.id} leadId={leadId} entry={entry} />
        ))}
      </ol>
    </section>
  );
}

function TimelineItem({ leadId, entry }: { leadId: number; entry: TimelineEntry }) {
  const Icon = icons[entry.type];
  const text = body(entry);
  return (
    <li className="relative grid grid-cols-[2rem_1fr] gap-3 pb-4 before:absolute before:top-8 before:bottom-0 before:left-4 before:w-px before:bg-border last:before:hidden" data-testid="timeline-entry" data-type={entry.type}>
      <span className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 pt-1">
        <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{headline(entry)}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </p>
        {entry.type === "note" ? (
          <NoteBody leadId={leadId} noteId={entry.noteId} text={entry.text} />
        ) : (
          text && <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{text}</p>
        )}
      </div>
    </li>
  );
}

function NoteBody({ leadId, noteId, text }: { leadId: number; noteId: number; text: string }) {
  const { editNote, deleteNote } = useLeadMutations(leadId);
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <div className="mt-2">
        <NoteForm
          label="Edit the note"
          submitLabel="Save note"
          initialText={text}
          autoFocus
          busy={editNote.isPending}
          onSave={async (next) => {
            await editNote.mutateAsync({ noteId, text: next });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </div>
    );
  }
  return (
    <>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{text}</p>
      <div className="mt-1 flex gap-1">
        <Button variant="ghost" size="sm" aria-label={`Edit the note: ${text.slice(0, 40)}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete the note: ${text.slice(0, 40)}`}
          disabled={deleteNote.isPending}
          onClick={() => {
            if (window.confirm("Delete this note? This cannot be undone.")) deleteNote.mutate(noteId);
          }}
        >
          Delete
        </Button>
      </div>
    </>
  );
}
