import { MoreRows, useRowsInSteps } from "./rows-in-steps";
import { adminApi } from "@/lib/admin-api";
import type { ContactRequest } from "@/lib/inbox-records";
import { AuthRequired } from "../shared/auth-required";
import { ContactDetailDialog } from "./contact-detail-dialog";
import { ContactTable } from "./contact-table";
import { InboxEmptyState } from "./inbox-empty-state";
import { InboxHeader } from "./inbox-header";
import { type LeadInboxConfig, useLeadInbox } from "./use-lead-inbox";

const contactInbox: LeadInboxConfig = {
  listPath: adminApi.contacts,
  viewPath: adminApi.contactView,
  deletePath: adminApi.contact,
  confirmDelete: "Are you sure you want to delete this contact request? This action cannot be undone.",
  deleted: { title: "Contact Request Deleted", description: "The contact request has been successfully deleted." },
  deleteFailed: { title: "Error", description: "Failed to delete the contact request. Please try again." },
};

/** /admin/contacts: the same states as the survey inbox, for contact requests. */
export function ContactInbox() {
  const inbox = useLeadInbox<ContactRequest>(contactInbox);
  const { data, isPending, isError } = inbox.list;
  const rows = useRowsInSteps(data ?? []);

  if (isError) return <AuthRequired />;
  return (
    <>
      <InboxHeader title="Contact Requests" csvHref={data?.length ? adminApi.contactsCsv : undefined} />
      {isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading contact requests...
        </p>
      ) : data.length === 0 ? (
        <InboxEmptyState title="No Contact Requests Yet" description="Contact requests will appear here once visitors send the contact form." />
      ) : (
        <>
          <ContactTable contacts={rows.shown} onView={inbox.open} onDelete={inbox.requestDelete} isDeleting={inbox.isDeleting} />
          <MoreRows remaining={rows.remaining} more={rows.more} sentinel={rows.sentinel} />
          <ContactDetailDialog
            contact={inbox.selected}
            deleting={inbox.selected ? inbox.isDeleting(inbox.selected) : false}
            onClose={inbox.close}
            onDelete={inbox.requestDelete}
          />
        </>
      )}
    </>
  );
}
