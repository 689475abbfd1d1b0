import type { ReactNode } from "react";
import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";

/**
 * The island of /admin/reports: the admin bar. The reports themselves are its children,
 * rendered on the server as static HTML (src/pages/admin/reports.astro), so they cost no script.
 */
export function ReportsPage({ styleNonce, children }: AdminPageProps & { children?: ReactNode }) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminReports}>
      {children}
    </AdminShell>
  );
}
