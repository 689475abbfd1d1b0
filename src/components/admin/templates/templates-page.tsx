import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { TemplatesScreen } from "./templates-screen";

/** The island of /admin/templates. */
export function TemplatesPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminTemplates}>
      <TemplatesScreen />
    </AdminShell>
  );
}
