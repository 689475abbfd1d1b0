import { CalendarClock, Mail, Phone } from "lucide-react";
import type { LeadListItem } from "@/lib/lead-desk";
import { leadSourceLabels, submissionKindLabels } from "@/lib/lead-desk-labels";
import { formatCents } from "@/lib/quotes/quote-totals";
import { routes } from "@/lib/routes";
import { formatDateTime } from "./desk-time";
import { LeadStatusBadge } from "./lead-status-badge";

/** A lead's name as the link to its page, with the business under it. */
export function LeadName({ lead, as: Heading = "h3" }: { lead: LeadListItem; as?: "h2" | "h3" }) {
  return (
    <div className="min-w-0">
      <Heading className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
        <a href={routes.adminLead(lead.id)} className="inline-flex min-h-11 min-w-11 items-center text-brand-800 underline-offset-4 hover:underline sm:min-h-0">
          {lead.name}
        </a>
      </Heading>
      {lead.business && lead.business !== lead.name && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{lead.business}</p>}
      <LeadTags lead={lead} />
    </div>
  );
}

/** A lead added by hand says how it came; a lead with a survey shows its score. */
function LeadTags({ lead }: { lead: LeadListItem }) {
  const added = lead.source !== "web";
  if (!added && lead.score === null && !lead.openQuote) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1.5 text-xs font-semibold">
      {added && (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800" data-testid="lead-source">
          {leadSourceLabels[lead.source]}
        </span>
      )}
      {lead.score !== null && (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-900" data-testid="lead-score">
          Score {lead.score}
        </span>
      )}
      {lead.openQuote && (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-950" data-testid="lead-open-quote" title={`Open quote ${lead.openQuote.number}`}>
          Quote {formatCents(lead.openQuote.oneTimeCents)}
          {lead.openQuote.monthlyCents > 0 && ` + ${formatCents(lead.openQuote.monthlyCents)}/mo`}
        </span>
      )}
    </p>
  );
}

/** One row of the lead list: who, where they are in the pipeline, how to reach them, when they wrote. */
export function LeadSummary({ lead }: { lead: LeadListItem }) {
  return (
    <div className="grid gap-2 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.5fr)] md:items-start md:gap-4">
      <div className="flex items-start justify-between gap-3 md:block">
        <LeadName lead={lead} />
        <LeadStatusBadge status={lead.status} className="md:mt-1" />
      </div>
      <dl className="grid gap-1 text-sm text-slate-700">
        {lead.phone && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-label="Phone" className="size-4 text-slate-500" />
            </dt>
            <dd className="[overflow-wrap:anywhere]">{lead.phone}</dd>
          </div>
        )}
        {lead.email && (
          <div className="flex items-center gap-2">
            <dt>
              <Mail aria-label="E-mail" className="size-4 text-slate-500" />
            </dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{lead.email}</dd>
          </div>
        )}
      </dl>
      <dl className="grid gap-1 text-sm text-slate-700">
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-slate-600">Last:</dt>
          <dd>
            <time dateTime={lead.lastSubmittedAt}>{formatDateTime(lead.lastSubmittedAt)}</time>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-slate-600">Sent:</dt>
          <dd>
            {lead.submissionCount} {lead.submissionCount === 1 ? "submission" : "submissions"}
            {lead.kinds.length > 0 && ` (${lead.kinds.map((kind) => submissionKindLabels[kind].toLowerCase()).join(", ")})`}
          </dd>
        </div>
        {lead.nextFollowUpAt && (
          <div className="flex flex-wrap items-center gap-x-1">
            <dt>
              <CalendarClock aria-label="Follow-up" className="size-4 text-slate-500" />
            </dt>
            <dd>
              <time dateTime={lead.nextFollowUpAt}>{formatDateTime(lead.nextFollowUpAt)}</time>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
