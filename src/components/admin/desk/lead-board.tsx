import { useQueries } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-api";
import { LEAD_PAGE_SIZE_MAX, type LeadList } from "@/lib/lead-desk";
import { leadStatusLabels, pipelineStatuses } from "@/lib/lead-desk-labels";
import { routes } from "@/lib/routes";
import { AuthRequired } from "../shared/auth-required";
import { formatDateTime } from "./desk-time";
import { LeadName } from "./lead-summary";
import { LeadStatusMenu } from "./lead-status-menu";

/** The list view's address for one column: the same filters, that status. */
function listOf(params: URLSearchParams, status: string): string {
  const search = new URLSearchParams(params);
  search.delete("view");
  search.set("status", status);
  return search.toString();
}

/**
 * The board view of /admin/leads: a column per status of the pipeline, with the
 * address's search and filters applied to each. A card moves through its menu (the
 * keyboard reaches it like any button), not by dragging.
 */
export function LeadBoard({ params }: { params: URLSearchParams }) {
  const columns = useQueries({
    queries: pipelineStatuses.map((status) => {
      const query = new URLSearchParams(params);
      query.delete("view");
      query.delete("page");
      query.set("status", status);
      query.set("pageSize", String(LEAD_PAGE_SIZE_MAX));
      return { queryKey: [adminApi.leadsWhere(query.toString())] };
    }),
  });

  if (columns.some((column) => column.isError)) return <AuthRequired />;

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" data-testid="lead-board">
      {pipelineStatuses.map((status, index) => {
        const column = columns[index];
        const data = column?.data as LeadList | undefined;
        const headingId = `board-${status}`;
        return (
          <section key={status} aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-xl border border-border bg-slate-100/70 p-3" data-testid={`board-column-${status}`}>
            <h2 id={headingId} className="mb-3 flex items-center justify-between text-sm font-bold tracking-wide text-slate-800 uppercase">
              {leadStatusLabels[status]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700">{data ? data.total : "…"}</span>
            </h2>
            {!data ? (
              <p className="text-sm text-slate-600">Loading...</p>
            ) : data.items.length === 0 ? (
              <p className="text-sm text-slate-600">No leads.</p>
            ) : (
              <ul className="grid gap-2">
                {data.items.map((lead) => (
                  <li key={lead.id} className="rounded-lg border border-border bg-white p-3 shadow-sm" data-testid="board-card">
                    <LeadName lead={lead} />
                    <p className="mt-1 text-xs text-slate-600">
                      Last: <time dateTime={lead.lastSubmittedAt}>{formatDateTime(lead.lastSubmittedAt)}</time>
                    </p>
                    <div className="mt-2 flex justify-end">
                      <LeadStatusMenu lead={lead} label="Move" />
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {data && data.total > data.items.length && (
              <a
                href={`${routes.adminLeads}?${listOf(params, status)}`}
                className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                All {data.total} in the list
              </a>
            )}
          </section>
        );
      })}
    </div>
  );
}
