import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { LeadScreen } from "./lead-screen";

/** The island of /admin/leads/{id}. */
export function LeadPage({ styleNonce, leadId }: AdminPageProps & { leadId: number }) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminLeads}>
      <LeadScreen leadId={leadId} />
    </AdminShell>
  );
}
