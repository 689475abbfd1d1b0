import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { AccountScreen } from "./account-screen";

/** The island of /admin/account. */
export function AccountPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminAccount}>
      <AccountScreen />
    </AdminShell>
  );
}
