import { DESK_ITEM } from "../shared/desk-keys";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/admin-api";
import { LEAD_PAGE_SIZE_MAX, type LeadList, type LeadListItem, type LeadStatus } from "@/lib/lead-desk";
import { durationInWords, followUpTypeLabels, leadStatusLabels, pipelineStatuses } from "@/lib/lead-desk-labels";
import { leadServiceLabel } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import { AuthRequired } from "../shared/auth-required";
import { formatDateTime, secondsSince } from "./desk-time";
import { LeadStatusMenu } from "./lead-status-menu";
import { useNow } from "./use-now";

/** Cards a column shows at first, and how many more each "Show more" adds: the page stays a few screens tall on a phone. */
export const BOARD_CARDS_STEP = 20;

/** The list view's address for one column: the same filters, that status. */
function listOf(params: URLSearchParams, status: string): string {
  const search = new URLSearchParams(params);
  search.delete("view");
  search.set("status", status);
  return search.toString();
}

/**
 * The board view of /admin/leads: a column per status of the pipeline, with the
 * address's search and filters applied to each. On a phone the columns sit side by side
 * and snap as the thumb swipes; each shows 20 cards and "Show more". A card moves through
 * its menu (the keyboard reaches it like any button, and the move offers Undo), not by dragging.
 */
export function LeadBoard({ params }: { params: URLSearchParams }) {
  const [shown, setShown] = useState<Partial<Record<LeadStatus, number>>>({});
  const columns = useQueries({
    queries: pipelineStatuses.map((status) => {
      const query = new URLSearchParams(params);
      query.delete("view");
      query.delete("page");
      query.set("status", status);
      query.set("pageSize", String(Math.min(shown[status] ?? BOARD_CARDS_STEP, LEAD_PAGE_SIZE_MAX)));
      // "Show more" keeps the cards already there while the longer page loads.
      return { queryKey: [adminApi.leadsWhere(query.toString())], placeholderData: keepPreviousData };
    }),
  });
  const now = useNow();

  if (columns.some((column) => column.isError)) return <AuthRequired />;

  return (
    <div
      className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-4 sm:overflow-visible sm:px-0 lg:grid-cols-3 xl:grid-cols-5"
      data-testid="lead-board"
    >
      {pipelineStatuses.map((status, index) => {
        const data = columns[index]?.data as LeadList | undefined;
        const headingId = `board-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            className="flex w-[85%] shrink-0 snap-start flex-col rounded-xl border border-border bg-slate-100/70 p-3 sm:w-auto sm:min-w-0"
            data-testid={`board-column-${status}`}
          >
            <h2 id={headingId} className="mb-3 flex items-center justify-between text-sm font-bold tracking-wide text-slate-800 uppercase">
              {leadStatusLabels[status]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700">{data ? data.total : "…"}</span>
            </h2>
            {!data ? (
              <p className="text-sm text-slate-600">Loading...</p>
            ) : data.items.length === 0 ? (
              <p className="text-sm text-slate-600">No leads.</p>
            ) : (
              <ul className="grid gap-1.5">
                {data.items.map((lead) => (
                  <BoardCard key={lead.id} lead={lead} now={now} />
                ))}
              </ul>
            )}
            {data && data.total > data.items.length && (
              <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3">
                {data.items.length < LEAD_PAGE_SIZE_MAX && (
                  <Button variant="outline" onClick={() => setShown((current) => ({ ...current, [status]: data.items.length + BOARD_CARDS_STEP }))}>
                    Show more
                  </Button>
                )}
                <a href={`${routes.adminLeads}?${listOf(params, status)}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                  All {data.total} in the list
                </a>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** What the owner decides from at a glance: who, what they want, how long they have waited, what is next. */
function BoardCard({ lead, now }: { lead: LeadListItem; now: number }) {
  return (
    <li className="rounded-lg border border-border bg-white px-2.5 pt-0.5 pb-1.5 shadow-sm" data-testid="board-card" {...DESK_ITEM}>
      {/* The name and Move share the top line, each 44 px high for the thumb (their own room is the
          card's top padding), so a column of 20 real cards, follow-ups and all, stays within three screens. */}
      <div className="flex items-start justify-between gap-2">
        <a
          href={routes.adminLead(lead.id)}
          className="flex min-h-11 min-w-0 items-center text-sm font-semibold text-brand-800 underline-offset-4 [overflow-wrap:anywhere] hover:underline sm:min-h-9"
        >
          {lead.name}
        </a>
        <LeadStatusMenu lead={lead} label="Move" className="shrink-0" />
      </div>
      <div className="min-w-0 text-xs text-slate-600">
        <p className="[overflow-wrap:anywhere]">
          {leadServiceLabel(lead.service)} · <span title={formatDateTime(lead.firstSubmittedAt)}>{durationInWords(secondsSince(lead.firstSubmittedAt, now))} old</span>
        </p>
        {lead.nextFollowUpAt && (
          <p>
            Next: {followUpTypeLabels[lead.nextFollowUpType ?? "call"]} <time dateTime={lead.nextFollowUpAt}>{formatDateTime(lead.nextFollowUpAt)}</time>
          </p>
        )}
      </div>
    </li>
  );
}
