import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast-store";
import { routes } from "@/lib/routes";
import type { AdminCounts } from "@/lib/lead-desk-labels";

const subscribeToNothing = () => () => undefined;

type NavLink = { href: string; label: string; count?: (counts: AdminCounts) => number; countWord?: string };

const links: readonly NavLink[] = [
  { href: routes.adminToday, label: "Today", count: (counts) => counts.followUpsDue, countWord: "due" },
  { href: routes.adminLeads, label: "Leads", count: (counts) => counts.leadsNew },
  { href: routes.adminSurveys, label: "Surveys", count: (counts) => counts.surveys },
  { href: routes.adminContacts, label: "Contacts", count: (counts) => counts.contacts },
  { href: routes.adminTemplates, label: "Templates" },
  { href: routes.adminAvailability, label: "Availability" },
  { href: routes.adminReports, label: "Reports" },
  { href: routes.adminAccount, label: "Account" },
];

/**
 * The admin bar: Today with the follow-ups due, the leads and both inboxes with their
 * number of new items, the account page, and logging out. `current` is the link of the
 * screen on show.
 */
export function AdminNav({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const counts = useQuery<AdminCounts>({ queryKey: [adminApi.counts] });
  // Logging out needs the script: until it runs, the button says so by being disabled.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  const logout = useMutation({
    mutationFn: () => apiRequest("POST", adminApi.logout),
    onSuccess: () => {
      queryClient.clear();
      window.location.assign(routes.adminLogin);
    },
    onError: () => toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" }),
  });

  return (
    <div className="border-b border-border bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
        <span className="text-sm font-bold tracking-wide text-brand-900 uppercase">Admin</span>
        <nav aria-label="Admin" className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => {
              const isCurrent = current === link.href;
              const newItems = counts.data && link.count ? link.count(counts.data) : 0;
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={isCurrent ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold",
                      isCurrent ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200" : "text-slate-700 hover:bg-muted hover:text-slate-900",
                    )}
                  >
                    {link.label}
                    {newItems > 0 && (
                      <span
                        data-testid={`new-count-${link.label.toLowerCase()}`}
                        className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white"
                      >
                        <span className="sr-only">, </span>
                        {newItems}
                        <span className="sr-only"> {link.countWord ?? "new"}</span>
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <Button
          variant="outline"
          size="sm"
          disabled={!hydrated || logout.isPending}
          onClick={() => logout.mutate()}
        >
          <LogOut aria-hidden="true" />
          Log out
        </Button>
      </div>
    </div>
  );
}
