import { KanbanSquare, List } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/routes";
import { AddLeadDialog } from "./add-lead-dialog";
import { LeadBoard } from "./lead-board";
import { LeadFilters } from "./lead-filters";
import { LeadList } from "./lead-list";
import { pushAddressSearch, useAddressSearch } from "./use-address-search";

/** /admin/leads: find any lead, as a list (paged on the server) or as a board by status. */
export function LeadsScreen() {
  const params = useAddressSearch();
  const board = params.get("view") === "board";

  const viewHref = (toBoard: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (toBoard) {
      next.set("view", "board");
      next.delete("status");
    } else next.delete("view");
    return next;
  };
  const viewLink = (toBoard: boolean, label: string, icon: ReactNode) => {
    const next = viewHref(toBoard);
    const current = board === toBoard;
    return (
      <a
        href={`${routes.adminLeads}${next.size ? `?${next}` : ""}`}
        aria-current={current ? "page" : undefined}
        onClick={(event) => {
          event.preventDefault();
          pushAddressSearch(next);
        }}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold",
          current ? "bg-white text-brand-900 shadow-sm ring-1 ring-brand-200" : "text-slate-700 hover:text-slate-900",
        )}
      >
        {icon}
        {label}
      </a>
    );
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Leads</h1>
        <AddLeadDialog />
        <nav aria-label="Leads view" className="flex gap-1 rounded-lg bg-slate-200/70 p-1">
          {viewLink(false, "List", <List aria-hidden="true" className="size-4" />)}
          {viewLink(true, "Board", <KanbanSquare aria-hidden="true" className="size-4" />)}
        </nav>
      </div>
      <LeadFilters params={params} board={board} />
      {board ? <LeadBoard params={params} /> : <LeadList params={params} />}
    </>
  );
}
