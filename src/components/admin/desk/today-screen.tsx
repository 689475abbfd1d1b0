import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Hourglass, Phone, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import type { LeadListItem, TodayView as TodayAnswer } from "@/lib/lead-desk";
import { dialable, durationInWords } from "@/lib/lead-desk-labels";
import { TodayConsultations } from "../bookings/today-consultations";
import { AuthRequired } from "../shared/auth-required";
import { AddLeadDialog } from "./add-lead-dialog";
import { formatDateTime, secondsSince } from "./desk-time";
import { LeadName } from "./lead-summary";
import { LeadStatusBadge } from "./lead-status-badge";
import { useNow } from "./use-now";

/** /admin: where the owner starts the day. New leads nobody has contacted, follow-ups due, speed to lead. */
export function TodayScreen() {
  const today = useQuery<TodayAnswer>({ queryKey: [adminApi.today] });
  const now = useNow();

  if (today.isError) return <AuthRequired />;
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Today</h1>
        <AddLeadDialog />
        {today.data && <SpeedToLead speed={today.data.speedToLead} />}
      </div>
      <TodayConsultations now={now} />
      {today.isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading today's leads...
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
          <TodaySection
            id="today-waiting"
            icon={<Hourglass aria-hidden="true" className="size-5 text-brand-700" />}
            title="Waiting for a first contact"
            total={today.data.uncontactedTotal}
            shown={today.data.uncontacted.length}
            empty="Nobody is waiting. New leads show here, oldest first, until someone contacts them."
          >
            {today.data.uncontacted.map((lead) => (
              <TodayLead key={lead.id} lead={lead}>
                <p className="text-sm font-semibold text-amber-900">waiting {durationInWords(secondsSince(lead.firstSubmittedAt, now))}</p>
              </TodayLead>
            ))}
          </TodaySection>
          <TodaySection
            id="today-follow-ups"
            icon={<CalendarClock aria-hidden="true" className="size-5 text-brand-700" />}
            title="Follow-ups due"
            total={today.data.followUpsDueTotal}
            shown={today.data.followUpsDue.length}
            empty="No follow-ups due today."
          >
            {today.data.followUpsDue.map((lead) => (
              <TodayLead key={lead.id} lead={lead}>
                {lead.nextFollowUpAt && <FollowUpDue dueAt={lead.nextFollowUpAt} now={now} />}
              </TodayLead>
            ))}
          </TodaySection>
        </div>
      )}
    </div>
  );
}

function SpeedToLead({ speed }: { speed: TodayAnswer["speedToLead"] }) {
  return (
    <Card className="flex items-center gap-3 px-4 py-3" data-testid="speed-to-lead">
      <Timer aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <p className="text-sm text-slate-700">
        <span className="block font-semibold text-slate-900">Speed to lead, last 30 days</span>
        {speed.medianSeconds === null
          ? "No lead answered yet."
          : `Median ${durationInWords(speed.medianSeconds)} over ${speed.leads} ${speed.leads === 1 ? "lead" : "leads"}`}
        <span className="block text-xs text-slate-600">Website leads only: leads added by hand are left out.</span>
      </p>
    </Card>
  );
}

/** `total` is how many there are; the API lists only the first `shown` of them (TODAY_LIST_MAX in src/server/desk/today.ts). */
function TodaySection({ id, icon, title, total, shown, empty, children }: { id: string; icon: ReactNode; title: string; total: number; shown: number; empty: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        {icon}
        {title}
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">{total}</span>
      </h2>
      {shown === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-700">{empty}</Card>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border">{children}</ul>
        </Card>
      )}
      {total > shown && (
        <p className="mt-2 text-sm text-slate-700">
          Showing the first {shown} of {total}.
        </p>
      )}
    </section>
  );
}

/** A lead on Today: who, how long or when, and the call button (most leads are answered by phone). */
function TodayLead({ lead, children }: { lead: LeadListItem; children: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 p-4" data-testid="today-lead">
      <div className="grid min-w-0 gap-1">
        <LeadName lead={lead} />
        <div className="flex flex-wrap items-center gap-2">
          <LeadStatusBadge status={lead.status} />
          {children}
        </div>
      </div>
      {lead.phone && (
        <a href={`tel:${dialable(lead.phone)}`} className={buttonVariants({ variant: "outline", size: "icon" })} aria-label={`Call ${lead.name}`}>
          <Phone aria-hidden="true" />
        </a>
      )}
    </li>
  );
}

function FollowUpDue({ dueAt, now }: { dueAt: string; now: number }) {
  const overdue = new Date(dueAt).getTime() < now;
  return (
    <p className={overdue ? "text-sm font-semibold text-red-800" : "text-sm text-slate-700"}>
      {overdue ? "overdue since " : "due "}
      <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
    </p>
  );
}
