import { contactPresetLabels, isContactPreset, projectTypeLabel } from "@/lib/validation/project-types";
import type { ContactRequest } from "@/lib/inbox-records";
import { DetailSection } from "./detail-section";
import { LeadDetailDialog } from "./lead-detail-dialog";

/** The button or link the visitor arrived with; none means the plain contact page. */
function cameFrom(source: string | null): string {
  if (source === null) return "Contact page";
  return isContactPreset(source) ? contactPresetLabels[source] : source;
}

/** Every field of a contact request, the message with its line breaks kept (the dialog and the lead page). */
export function ContactDetails({ contact }: { contact: ContactRequest }) {
  return (
    <>
      <DetailSection
        title="Contact Details"
        items={[
          { label: "Name", value: contact.name },
          { label: "Email", value: contact.email },
          { label: "Phone", value: contact.phone },
        ]}
      />
      <DetailSection
        title="Request"
        items={[
          { label: "Project Type", value: projectTypeLabel(contact.projectType) },
          { label: "Came from", value: cameFrom(contact.source) },
        ]}
      />
      <DetailSection title="Message">
        <p className="whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{contact.message}</p>
      </DetailSection>
    </>
  );
}

/** The contact inbox's dialog: the request's details, then Close and Delete Request. */
export function ContactDetailDialog({
  row: contact,
  deleting,
  onClose,
  onDelete,
}: {
  row: ContactRequest | undefined;
  deleting: boolean;
  onClose: () => void;
  onDelete: (contact: ContactRequest) => void;
}) {
  return (
    <LeadDetailDialog
      open={contact !== undefined}
      title={contact?.name ?? ""}
      description={contact ? `Contact request sent ${new Date(contact.createdAt).toLocaleString()}` : ""}
      deleteLabel="Delete Request"
      deleting={deleting}
      onClose={onClose}
      onDelete={() => contact && onDelete(contact)}
    >
      {contact && <ContactDetails contact={contact} />}
    </LeadDetailDialog>
  );
}
