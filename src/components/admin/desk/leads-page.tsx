import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { LeadsScreen } from "./leads-screen";

/** The island of /admin/leads. */
export function LeadsPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminLeads}>
      <LeadsScreen />
    </AdminShell>
  );
}
