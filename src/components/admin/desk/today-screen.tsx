import { DESK_ITEM } from "../shared/desk-keys";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, ChevronDown, Hourglass, Phone, Repeat, Timer } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import type { TodayGroupName, TodayItem, TodayPage, TodayView as TodayAnswer } from "@/lib/lead-desk";
import { dialable, durationInWords } from "@/lib/lead-desk-labels";
import { TodayConsultations } from "../bookings/today-consultations";
import { TodayQuotes } from "../quotes/today-quotes";
import { AuthRequired } from "../shared/auth-required";
import { AddLeadDialog } from "./add-lead-dialog";
import { secondsSince } from "./desk-time";
import { FollowUpActions, FollowUpWhen } from "./today-follow-up";
import { LeadName } from "./lead-summary";
import { LeadStatusBadge } from "./lead-status-badge";
import { useNow } from "./use-now";

/**
 * /admin: where the owner starts the day. New leads newest first (older than a week
 * collapsed), leads that came back, follow-ups due, and the speed to lead.
 */
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
      <TodayQuotes now={now} />
      {today.isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading today's leads...
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
          <div className="grid gap-8">
            <TodaySection
              id="today-waiting"
              icon={<Hourglass aria-hidden="true" className="size-5 text-brand-700" />}
              title="Waiting for a first contact"
              total={today.data.groups.new.total + today.data.groups.older.total}
            >
              <GroupList
                group="new"
                first={today.data.groups.new}
                empty="Nobody new this week. New leads show here, newest first, until someone contacts them."
                render={(lead) => (
                  <TodayLead key={lead.id} lead={lead}>
                    <p className="text-sm font-semibold text-amber-900">waiting {durationInWords(secondsSince(lead.firstSubmittedAt, now))}</p>
                  </TodayLead>
                )}
              />
              {today.data.groups.older.total > 0 && (
                <OlderGroup
                  first={today.data.groups.older}
                  render={(lead) => (
                    <TodayLead key={lead.id} lead={lead}>
                      <p className="text-sm font-semibold text-amber-900">waiting {durationInWords(secondsSince(lead.firstSubmittedAt, now))}</p>
                    </TodayLead>
                  )}
                />
              )}
            </TodaySection>
            {today.data.groups["came-back"].total > 0 && (
              <TodaySection
                id="today-came-back"
                icon={<Repeat aria-hidden="true" className="size-5 text-brand-700" />}
                title="Came back"
                total={today.data.groups["came-back"].total}
              >
                <GroupList
                  group="came-back"
                  first={today.data.groups["came-back"]}
                  empty=""
                  render={(lead) => (
                    <TodayLead key={lead.id} lead={lead} request>
                      {lead.cameBackAt && <p className="text-sm text-slate-700">wrote again {durationInWords(secondsSince(lead.cameBackAt, now))} ago</p>}
                    </TodayLead>
                  )}
                />
              </TodaySection>
            )}
          </div>
          <TodaySection
            id="today-follow-ups"
            icon={<CalendarClock aria-hidden="true" className="size-5 text-brand-700" />}
            title="Follow-ups due"
            total={today.data.groups["follow-ups"].total}
          >
            <GroupList
              group="follow-ups"
              first={today.data.groups["follow-ups"]}
              empty="No follow-ups due today."
              render={(lead) => (
                <TodayLead key={lead.id} lead={lead} actions={<FollowUpActions lead={lead} />}>
                  {lead.nextFollowUpAt && <FollowUpWhen lead={lead} now={now} />}
                </TodayLead>
              )}
            />
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

function TodaySection({ id, icon, title, total, children }: { id: string; icon: ReactNode; title: string; total: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        {icon}
        {title}
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">{total}</span>
      </h2>
      {children}
    </section>
  );
}

/**
 * A group's first page (from Today's answer) and the pages after it, one "Show more" at a
 * time, so every lead of the group can be reached.
 */
function GroupList({ group, first, empty, render }: { group: TodayGroupName; first: TodayPage; empty: string; render: (lead: TodayItem) => ReactNode }) {
  const [pages, setPages] = useState(1);
  const more = Array.from({ length: pages - 1 }, (_, index) => index + 2);
  if (first.total === 0) return empty ? <Card className="p-6 text-center text-sm text-slate-700">{empty}</Card> : null;
  return (
    <Card className="overflow-hidden" data-testid={`today-group-${group}`}>
      <ul className="divide-y divide-border">
        {first.items.map(render)}
        {more.map((page) => (
          <LaterPage key={page} group={group} page={page} render={render} />
        ))}
      </ul>
      <ShowMore shown={Math.min(first.total, pages * first.pageSize)} total={first.total} onMore={() => setPages((count) => count + 1)} />
    </Card>
  );
}

function LaterPage({ group, page, render }: { group: TodayGroupName; page: number; render: (lead: TodayItem) => ReactNode }) {
  const answer = useQuery<TodayPage>({ queryKey: [adminApi.todayGroup(group, page)] });
  if (answer.isPending)
    return (
      <li role="status" className="p-4 text-sm text-slate-700">
        Loading more leads...
      </li>
    );
  if (answer.isError)
    return (
      <li role="alert" className="p-4 text-sm text-red-800">
        These leads could not be loaded. Reload the page to try again.
      </li>
    );
  return <>{answer.data.items.map(render)}</>;
}

function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border p-3">
      <p className="text-sm text-slate-700">
        Showing {shown} of {total}.
      </p>
      <Button variant="outline" size="sm" onClick={onMore}>
        Show more
      </Button>
    </div>
  );
}

/** New leads older than a week: collapsed, with their count, opened on demand. */
function OlderGroup({ first, render }: { first: TodayPage; render: (lead: TodayItem) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="grid gap-3">
      <Button variant="outline" className="justify-between" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <span>Older ({first.total})</span>
        <ChevronDown aria-hidden="true" className={open ? "rotate-180" : undefined} />
      </Button>
      <div id={listId} hidden={!open}>
        {open && <GroupList group="older" first={first} empty="" render={render} />}
      </div>
    </div>
  );
}

/** A lead on Today: who, how long or when, what they sent (when it says why it is here), and the call button. */
function TodayLead({ lead, request = false, actions, children }: { lead: TodayItem; request?: boolean; actions?: ReactNode; children: ReactNode }) {
  return (
    <li className="grid gap-3 p-4" data-testid="today-lead" {...DESK_ITEM}>
      <div className="flex items-center justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <LeadName lead={lead} />
          <div className="flex flex-wrap items-center gap-2">
            <LeadStatusBadge status={lead.status} />
            {children}
          </div>
        </div>
        {/* shrink-0: a long row (a follow-up's badges) must not squeeze the call button under 44 px. */}
        {lead.phone && (
          <a href={`tel:${dialable(lead.phone)}`} className={cn(buttonVariants({ variant: "outline", size: "icon" }), "shrink-0")} aria-label={`Call ${lead.name}`}>
            <Phone aria-hidden="true" />
          </a>
        )}
      </div>
      {request && lead.latestRequest && (
        <blockquote className="border-l-4 border-brand-200 pl-3 text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="latest-request">
          {lead.latestRequest.text}
        </blockquote>
      )}
      {actions}
    </li>
  );
}
