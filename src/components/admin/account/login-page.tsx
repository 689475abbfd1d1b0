import { type AdminPageProps, AdminRoot } from "../shared/admin-root";
import { LoginScreen } from "./login-screen";

/** The island of /admin/login. */
export function LoginPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminRoot styleNonce={styleNonce}>
      <LoginScreen />
    </AdminRoot>
  );
}
