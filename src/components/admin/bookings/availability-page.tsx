import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { AvailabilityScreen } from "./availability-screen";

/** The island of /admin/availability. */
export function AvailabilityPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminAvailability}>
      <AvailabilityScreen />
    </AdminShell>
  );
}
