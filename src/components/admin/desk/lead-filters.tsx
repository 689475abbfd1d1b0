import { LEAD_SEARCH_ID } from "../shared/desk-keys";
import { Search, SlidersHorizontal, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, type SyntheticEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { cn } from "@/lib/cn";
import { leadChannels } from "@/lib/attribution/touch";
import { leadSorts, leadStatuses } from "@/lib/lead-desk";
import { leadSortLabels, leadStatusLabels, serviceFilterOptions, submissionKindLabels } from "@/lib/lead-desk-labels";
import { routes } from "@/lib/routes";
import { pushAddressSearch } from "./use-address-search";

const FILTERS = ["q", "status", "kind", "service", "from", "to", "sort", "channel", "campaign"] as const;

/** The fields' values as the next address: empty ones left out, back to page 1, the view kept. */
function searchFromForm(form: HTMLFormElement, view: string | null): URLSearchParams {
  const next = new URLSearchParams();
  const data = new FormData(form);
  for (const name of FILTERS) {
    const value = String(data.get(name) ?? "").trim();
    if (value) next.set(name, value);
  }
  if (view) next.set("view", view);
  return next;
}

const selectClass = `${inputClass} pr-8`;

/**
 * Search, filters and sort of /admin/leads. A plain GET form (it works before scripts
 * load); once they have, it changes the address in place. Choices apply as soon as
 * they are made; the search when it is sent.
 */
export function LeadFilters({ params, board }: { params: URLSearchParams; board: boolean }) {
  // Kept above the form, which is re-created on every address change: the filters stay open while they are used.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = FILTERS.filter((name) => name !== "q" && name !== "sort" && params.has(name)).length;
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    pushAddressSearch(searchFromForm(event.currentTarget, params.get("view")));
  };
  const apply = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => event.currentTarget.form?.requestSubmit();
  const filtered = FILTERS.some((name) => params.has(name));

  return (
    // Re-created when the address changes (Back, Forward), so the fields show what the list shows.
    <form key={params.toString()} role="search" aria-label="Leads" method="get" action={routes.adminLeads} onSubmit={submit} className="mb-6 grid gap-3">
      {board && <input type="hidden" name="view" value="board" />}
      <div className="flex gap-2">
        <label htmlFor={LEAD_SEARCH_ID} className="sr-only">
          Search leads
        </label>
        <input
          id={LEAD_SEARCH_ID}
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          placeholder="Name, business, e-mail, phone or message"
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </div>
      {/* On a phone the filters fold behind one button, so the first lead is on the first screen. */}
      <Button type="button" variant="outline" className="justify-self-start sm:hidden" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        <SlidersHorizontal aria-hidden="true" />
        Filters ({active})
      </Button>
      <div id={panelId} className={cn("grid-cols-2 gap-3 sm:grid md:grid-cols-3 xl:grid-cols-6", open ? "grid" : "hidden")}>
        {!board && (
          <Choice label="Status" name="status" value={params.get("status")} onChange={apply}>
            <option value="">Open and closed (no spam)</option>
            {leadStatuses.map((status) => (
              <option key={status} value={status}>
                {leadStatusLabels[status]}
              </option>
            ))}
          </Choice>
        )}
        <Choice label="Kind" name="kind" value={params.get("kind")} onChange={apply}>
          <option value="">Any kind</option>
          {(Object.keys(submissionKindLabels) as (keyof typeof submissionKindLabels)[]).map((kind) => (
            <option key={kind} value={kind}>
              {submissionKindLabels[kind]}
            </option>
          ))}
        </Choice>
        <Choice label="Service" name="service" value={params.get("service")} onChange={apply}>
          <option value="">Any service</option>
          {serviceFilterOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Choice>
        <Choice label="Channel" name="channel" value={params.get("channel")} onChange={apply}>
          <option value="">Any channel</option>
          {leadChannels.map((channel) => (
            <option key={channel} value={channel}>
              {channel}
            </option>
          ))}
        </Choice>
        <TextChoice label="Campaign" name="campaign" value={params.get("campaign")} placeholder="e.g. fall-promo" />
        <DateChoice label="From" name="from" value={params.get("from")} onChange={apply} />
        <DateChoice label="To" name="to" value={params.get("to")} onChange={apply} />
        <Choice label="Sort" name="sort" value={params.get("sort")} onChange={apply}>
          {leadSorts.map((sort) => (
            <option key={sort} value={sort === "recent" ? "" : sort}>
              {leadSortLabels[sort]}
            </option>
          ))}
        </Choice>
      </div>
      {filtered && (
        <a href={board ? `${routes.adminLeads}?view=board` : routes.adminLeads} className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline" onClick={(event) => {
          event.preventDefault();
          pushAddressSearch(new URLSearchParams(board ? { view: "board" } : {}));
        }}>
          <X aria-hidden="true" className="size-4" />
          Clear search and filters
        </a>
      )}
    </form>
  );
}

function Choice({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string | null;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  const id = `lead-filter-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} onChange={onChange} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function DateChoice({ label, name, value, onChange }: { label: string; name: string; value: string | null; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const id = `lead-filter-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} onChange={onChange} className={inputClass} />
    </div>
  );
}

/** A free-text filter; it applies with the search (Enter or the Search button). */
function TextChoice({ label, name, value, placeholder }: { label: string; name: string; value: string | null; placeholder: string }) {
  const id = `lead-filter-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type="text" defaultValue={value ?? ""} placeholder={placeholder} enterKeyHint="search" className={inputClass} />
    </div>
  );
}
