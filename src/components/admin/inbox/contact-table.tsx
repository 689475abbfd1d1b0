import { projectTypeLabel } from "@/lib/validation/project-types";
import type { ContactRequest } from "@/lib/inbox-records";
import { ContactInfo } from "./contact-info";
import { InboxTable } from "./inbox-table";
import { RowActions } from "./row-actions";
import { StatusBadge } from "./status-badge";
import { SubmittedAt } from "../shared/submitted-at";

const columns = ["Name", "Contact Info", "Project Type", "Date Submitted", "Status", "Actions"] as const;

/** The contact request list: one row per request, newest first as the API sends them. */
export function ContactTable({
  rows: contacts,
  onView,
  onDelete,
  isDeleting,
}: {
  rows: readonly ContactRequest[];
  onView: (contact: ContactRequest) => void;
  onDelete: (contact: ContactRequest) => void;
  isDeleting: (contact: ContactRequest) => boolean;
}) {
  return (
    <InboxTable label="Contact requests" columns={columns}>
      {contacts.map((contact) => (
        <tr key={contact.id} data-testid="contact-row" className={contact.viewed ? undefined : "bg-brand-50/40"}>
          <th scope="row" className="max-w-56 px-4 py-3 font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {contact.name}
          </th>
          <td className="max-w-64 px-4 py-3">
            <ContactInfo email={contact.email} phone={contact.phone} />
          </td>
          <td className="px-4 py-3 text-slate-700">{projectTypeLabel(contact.projectType)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            <SubmittedAt iso={contact.createdAt} />
          </td>
          <td className="px-4 py-3">
            <StatusBadge viewed={contact.viewed} />
          </td>
          <td className="px-4 py-3">
            <RowActions
              name={contact.name}
              onView={() => onView(contact)}
              onDelete={() => onDelete(contact)}
              deleting={isDeleting(contact)}
            />
          </td>
        </tr>
      ))}
    </InboxTable>
  );
}
