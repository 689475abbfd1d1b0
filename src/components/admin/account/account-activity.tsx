import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { type AuditEntryView, type AuditPage, describeAuditEntry } from "@/lib/admin-audit";
import { adminApi } from "@/lib/admin-api";
import { AuthRequired } from "../shared/auth-required";
import { SubmittedAt } from "../shared/submitted-at";

/** Where an entry came from: this browser, another one as it named itself at sign-in, or the site itself. */
function sessionOf(entry: AuditEntryView): string {
  if (!entry.session) return "Automatic (the site itself)";
  return entry.session.current ? "This browser" : entry.session.label;
}

/** The owner's latest actions (the audit log), newest first, a page at a time. */
export function AccountActivity() {
  const [page, setPage] = useState(1);
  // Fetched afresh each time: the log grows from every browser.
  const activity = useQuery<AuditPage>({ queryKey: [adminApi.accountAudit(page)], staleTime: 0, placeholderData: keepPreviousData });

  if (activity.isError) return <AuthRequired />;
  if (activity.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading activity...
      </p>
    );
  }
  const { entries, total, pageSize } = activity.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return <p className="text-slate-700">Nothing recorded yet.</p>;
  return (
    <div className="grid gap-4">
      <ol className="grid gap-2" aria-label="Activity, newest first">
        {entries.map((entry) => (
          <li key={entry.id} data-testid="activity-row" className="grid gap-1 rounded-lg border border-border p-3 text-sm">
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{describeAuditEntry(entry)}</p>
            <p className="flex flex-wrap gap-x-3 text-slate-600">
              <SubmittedAt iso={entry.at} />
              <span className="[overflow-wrap:anywhere]">{sessionOf(entry)}</span>
            </p>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Activity pages" className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1 || activity.isFetching} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Newer
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            Page {page} of {pages}
          </p>
          <Button variant="outline" size="sm" disabled={page >= pages || activity.isFetching} onClick={() => setPage(page + 1)}>
            Older
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
