import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { AgendaScreen } from "./agenda-screen";

/** The island of /admin/agenda. */
export function AgendaPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminAgenda}>
      <AgendaScreen />
    </AdminShell>
  );
}
