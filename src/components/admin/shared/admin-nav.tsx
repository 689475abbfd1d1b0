import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, LogOut, type LucideIcon, Menu, Sun, Users } from "lucide-react";
import { type ReactNode, useId, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast-store";
import { routes } from "@/lib/routes";
import type { AdminCounts } from "@/lib/lead-desk-labels";
import { forgetOfflineDesk } from "../pwa/register-desk-service-worker";

/** The phone's tab bar shows these; the rest are behind More. */
const tabLinks: readonly string[] = [routes.adminToday, routes.adminLeads, routes.adminAgenda];

const subscribeToNothing = () => () => undefined;

type NavLink = { href: string; label: string; count?: (counts: AdminCounts) => number; countWord?: string; icon?: LucideIcon };

const links: readonly NavLink[] = [
  { href: routes.adminToday, label: "Today", count: (counts) => counts.followUpsDue, countWord: "due", icon: Sun },
  { href: routes.adminLeads, label: "Leads", count: (counts) => counts.leadsNew, icon: Users },
  { href: routes.adminAgenda, label: "Agenda", icon: CalendarDays },
  { href: routes.adminSurveys, label: "Surveys", count: (counts) => counts.surveys },
  { href: routes.adminContacts, label: "Contacts", count: (counts) => counts.contacts },
  { href: routes.adminTemplates, label: "Templates" },
  { href: routes.adminAvailability, label: "Availability" },
  { href: routes.adminQuoteSettings, label: "Quote settings" },
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
    mutationFn: async () => {
      await apiRequest("POST", adminApi.logout);
      await forgetOfflineDesk().catch(() => undefined);
    },
    onSuccess: () => {
      queryClient.clear();
      window.location.assign(routes.adminLogin);
    },
    onError: () => toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" }),
  });

  const logOut = (
    <Button variant="outline" size="sm" disabled={!hydrated || logout.isPending} onClick={() => logout.mutate()}>
      <LogOut aria-hidden="true" />
      Log out
    </Button>
  );

  return (
    <>
      {/* From 640 px: the bar at the top. Below: the tab bar at the bottom, under the thumb. */}
      <div className="hidden border-b border-border bg-white sm:block">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
          <span className="text-sm font-bold tracking-wide text-brand-900 uppercase">Admin</span>
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1">
              {links.map((link) => (
                <li key={link.href}>
                  <NavItem link={link} current={current} counts={counts.data} />
                </li>
              ))}
            </ul>
          </nav>
          {logOut}
        </div>
      </div>
      <PhoneTabBar current={current} counts={counts.data} logOut={logOut} />
    </>
  );
}

/** One link of the admin bar, with its count of new or due items. */
function NavItem({ link, current, counts, tab = false }: { link: NavLink; current: string; counts: AdminCounts | undefined; tab?: boolean }) {
  const isCurrent = current === link.href;
  const newItems = counts && link.count ? link.count(counts) : 0;
  const Icon = link.icon;
  return (
    <a
      href={link.href}
      aria-current={isCurrent ? "page" : undefined}
      className={cn(
        tab ? "flex h-15 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold" : "inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold",
        isCurrent ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200" : "text-slate-700 hover:bg-muted hover:text-slate-900",
      )}
    >
      {tab && Icon && <Icon aria-hidden="true" className="size-5" />}
      <span className="inline-flex items-center gap-1">
        {link.label}
        {newItems > 0 && (
          <span data-testid={`new-count-${link.label.toLowerCase()}`} className="rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">
            <span className="sr-only">, </span>
            {newItems}
            <span className="sr-only"> {link.countWord ?? "new"}</span>
          </span>
        )}
      </span>
    </a>
  );
}

/** Below 640 px: Today, Leads and Agenda as tabs, the rest behind More (a panel that opens above the bar). */
function PhoneTabBar({ current, counts, logOut }: { current: string; counts: AdminCounts | undefined; logOut: ReactNode }) {
  const [moreOpen, setMoreOpen] = useState(false);
  const panelId = useId();
  const tabs = links.filter((link) => tabLinks.includes(link.href));
  const more = links.filter((link) => !tabLinks.includes(link.href));
  const inMore = more.some((link) => link.href === current);
  return (
    <nav aria-label="Admin" className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white pb-[env(safe-area-inset-bottom)] sm:hidden" data-testid="tab-bar">
      <div id={panelId} hidden={!moreOpen} className="border-b border-border p-3">
        <ul className="grid grid-cols-2 gap-1">
          {more.map((link) => (
            <li key={link.href}>
              <NavItem link={link} current={current} counts={counts} />
            </li>
          ))}
        </ul>
        <div className="mt-2 flex justify-end">{logOut}</div>
      </div>
      <ul className="grid grid-cols-4">
        {tabs.map((link) => (
          <li key={link.href}>
            <NavItem link={link} current={current} counts={counts} tab />
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-expanded={moreOpen}
            aria-controls={panelId}
            onClick={() => setMoreOpen((open) => !open)}
            className={cn(
              "flex h-15 w-full flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold",
              inMore || moreOpen ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-muted",
            )}
          >
            <Menu aria-hidden="true" className="size-5" />
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}
