import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { TodayScreen } from "./today-screen";

/** The island of /admin: Today. */
export function TodayPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminToday}>
      <TodayScreen />
    </AdminShell>
  );
}
