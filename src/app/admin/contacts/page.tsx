import type { Metadata } from "next";
import { AdminShell } from "@/components/admin/admin-shell";
import { ContactInbox } from "@/components/admin/contact-inbox";

export const metadata: Metadata = { title: "Contact Requests" };

/** The contact request inbox, behind the same auth check as the surveys. */
export default function AdminContactsPage() {
  return (
    <AdminShell>
      <ContactInbox />
    </AdminShell>
  );
}
