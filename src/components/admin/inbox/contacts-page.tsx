import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { ContactInbox } from "./contact-inbox";

/** The island of /admin/contacts. */
export function ContactsPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminContacts}>
      <ContactInbox />
    </AdminShell>
  );
}
