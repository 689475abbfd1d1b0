import type { ReactNode } from "react";
import { AdminGuard } from "./admin-guard";
import { AdminNav } from "./admin-nav";

/** The frame of every signed-in admin screen: the auth check, the admin bar, the content. */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <AdminGuard>
      <AdminNav />
      <div className="container-page py-8 sm:py-10">{children}</div>
    </AdminGuard>
  );
}
