import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast-store";
import { adminPages } from "./admin-pages";
import { AdminLink, navigate, useAdminPath } from "./admin-router";

export type InboxCounts = { surveys: number; contacts: number };

const links = [
  { href: adminPages.surveys, label: "Surveys", count: (counts: InboxCounts) => counts.surveys },
  { href: adminPages.contacts, label: "Contacts", count: (counts: InboxCounts) => counts.contacts },
  { href: adminPages.account, label: "Account", count: () => 0 },
] as const;

/** The admin bar: the two inboxes with their number of new items, the account, and logging out. */
export function AdminNav() {
  const pathname = useAdminPath();
  const queryClient = useQueryClient();
  const counts = useQuery<InboxCounts>({ queryKey: [adminApi.counts] });

  const logout = useMutation({
    mutationFn: () => apiRequest("POST", adminApi.logout),
    onSuccess: () => {
      queryClient.clear();
      navigate(adminPages.login);
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
              const current = pathname === link.href;
              const newItems = counts.data ? link.count(counts.data) : 0;
              return (
                <li key={link.href}>
                  <AdminLink
                    href={link.href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold",
                      current ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200" : "text-slate-700 hover:bg-muted hover:text-slate-900",
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
                        <span className="sr-only"> new</span>
                      </span>
                    )}
                  </AdminLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <Button
          variant="outline"
          size="sm"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          <LogOut aria-hidden="true" />
          Log out
        </Button>
      </div>
    </div>
  );
}
