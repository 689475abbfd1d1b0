import type { ComponentType } from "react";
import { adminApi } from "@/lib/admin-api";
import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";
import { routes } from "@/lib/routes";
import { ContactDetailDialog } from "./contact-detail-dialog";
import { ContactTable } from "./contact-table";
import { SurveyDetailDialog } from "./survey-detail-dialog";
import { SurveyTable } from "./survey-table";
import type { LeadInboxConfig, LeadItem } from "./use-lead-inbox";

/**
 * What one inbox screen is made of, for each kind of submission: its address, its API, its
 * words in every state, and the table and dialog that show its rows. LeadInbox is the one
 * screen over them (§2 for surveys; the contact inbox has the same states).
 */
export interface InboxKind<Row extends LeadItem> extends LeadInboxConfig {
  route: string;
  title: string;
  csvPath: string;
  loading: string;
  empty: { title: string; description: string };
  Table: ComponentType<{ rows: readonly Row[]; onView: (row: Row) => void; onDelete: (row: Row) => void; isDeleting: (row: Row) => boolean }>;
  Dialog: ComponentType<{ row: Row | undefined; deleting: boolean; onClose: () => void; onDelete: (row: Row) => void }>;
}

export const surveyInbox: InboxKind<SurveySubmission> = {
  route: routes.adminSurveys,
  listPath: adminApi.surveys,
  viewPath: adminApi.surveyView,
  deletePath: adminApi.survey,
  csvPath: adminApi.surveysCsv,
  confirmDelete: "Are you sure you want to delete this survey submission? This action cannot be undone.",
  deleted: { title: "Survey Deleted", description: "The survey has been successfully deleted." },
  deleteFailed: { title: "Error", description: "Failed to delete the survey. Please try again." },
  title: "Survey Submissions",
  loading: "Loading survey submissions...",
  empty: { title: "No Submissions Yet", description: "Survey submissions will appear here once customers complete the survey." },
  Table: SurveyTable,
  Dialog: SurveyDetailDialog,
};

export const contactInbox: InboxKind<ContactRequest> = {
  route: routes.adminContacts,
  listPath: adminApi.contacts,
  viewPath: adminApi.contactView,
  deletePath: adminApi.contact,
  csvPath: adminApi.contactsCsv,
  confirmDelete: "Are you sure you want to delete this contact request? This action cannot be undone.",
  deleted: { title: "Contact Request Deleted", description: "The contact request has been successfully deleted." },
  deleteFailed: { title: "Error", description: "Failed to delete the contact request. Please try again." },
  title: "Contact Requests",
  loading: "Loading contact requests...",
  empty: { title: "No Contact Requests Yet", description: "Contact requests will appear here once visitors send the contact form." },
  Table: ContactTable,
  Dialog: ContactDetailDialog,
};
