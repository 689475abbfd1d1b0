import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { QuoteSettingsScreen } from "./quote-settings-screen";

/** The island of /admin/quote-settings. */
export function QuoteSettingsPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminQuoteSettings}>
      <QuoteSettingsScreen />
    </AdminShell>
  );
}
