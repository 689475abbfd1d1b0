import { DESK_ITEM } from "../shared/desk-keys";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import type { LeadList as LeadListPage } from "@/lib/lead-desk";
import { routes } from "@/lib/routes";
import { AuthRequired } from "../shared/auth-required";
import { LeadSummary } from "./lead-summary";
import { pushAddressSearch } from "./use-address-search";

/** The API's query for the address's filters (the view is the screen's, not the API's). */
export function apiSearch(params: URLSearchParams, overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  query.delete("view");
  for (const [key, value] of Object.entries(overrides)) query.set(key, value);
  return query.toString();
}

/** The list view of /admin/leads: one page of leads from the server, and links to the others. */
export function LeadList({ params }: { params: URLSearchParams }) {
  const list = useQuery<LeadListPage>({ queryKey: [adminApi.leadsWhere(apiSearch(params))], placeholderData: keepPreviousData });

  if (list.isError) return <AuthRequired />;
  if (list.isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-700">
        Loading leads...
      </p>
    );
  }
  const { items, total, page, pageSize } = list.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;

  return (
    <section aria-labelledby="lead-results" aria-busy={list.isPlaceholderData}>
      <h2 id="lead-results" className="sr-only">
        Results
      </h2>
      <p role="status" className="mb-3 text-sm text-slate-700">
        {total === 0
          ? "No leads match."
          : total <= pageSize
            ? `${total} ${total === 1 ? "lead" : "leads"}`
            : `${first}–${first + items.length - 1} of ${total} leads`}
      </p>
      {items.length > 0 && (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border" data-testid="lead-list">
            {items.map((lead) => (
              <li key={lead.id} data-testid="lead-row" {...DESK_ITEM}>
                <LeadSummary lead={lead} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {pages > 1 && <Pager params={params} page={page} pages={pages} />}
    </section>
  );
}

function Pager({ params, page, pages }: { params: URLSearchParams; page: number; pages: number }) {
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    return next;
  };
  const link = (target: number, label: string, icon: ReactNode, rel: string) => {
    const next = hrefFor(target);
    return (
      <a
        href={`${routes.adminLeads}${next.size ? `?${next}` : ""}`}
        rel={rel}
        className={buttonVariants({ variant: "outline" })}
        onClick={(event) => {
          event.preventDefault();
          pushAddressSearch(next);
          window.scrollTo(0, 0);
        }}
      >
        {icon}
        {label}
      </a>
    );
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? link(page - 1, "Previous", <ChevronLeft aria-hidden="true" />, "prev") : <span />}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? link(page + 1, "Next", <ChevronRight aria-hidden="true" />, "next") : <span />}
    </nav>
  );
}
