import { type AdminPageProps, AdminRoot } from "../shared/admin-root";
import { SetupScreen } from "./setup-screen";

/** The island of /admin/setup (the first-run link). */
export function SetupPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminRoot styleNonce={styleNonce}>
      <SetupScreen />
    </AdminRoot>
  );
}
