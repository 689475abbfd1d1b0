import type { SurveySubmission } from "@/lib/inbox-records";
import { ContactInfo } from "./contact-info";
import { InboxTable } from "./inbox-table";
import { RowActions } from "./row-actions";
import { StatusBadge } from "./status-badge";
import { SubmittedAt } from "../shared/submitted-at";

const columns = ["Business Name", "Contact Info", "Date Submitted", "Status", "Actions"] as const;

/** §2 survey list: one row per submission, newest first as the API sends them. */
export function SurveyTable({
  rows: surveys,
  onView,
  onDelete,
  isDeleting,
}: {
  rows: readonly SurveySubmission[];
  onView: (survey: SurveySubmission) => void;
  onDelete: (survey: SurveySubmission) => void;
  isDeleting: (survey: SurveySubmission) => boolean;
}) {
  return (
    <InboxTable label="Survey submissions" columns={columns}>
      {surveys.map((survey) => (
        <tr key={survey.id} data-testid="survey-row" className={survey.viewed ? undefined : "bg-brand-50/40"}>
          <th scope="row" className="max-w-64 px-4 py-3 font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {survey.businessName}
          </th>
          <td className="max-w-64 px-4 py-3">
            <ContactInfo email={survey.email} phone={survey.phoneNumber} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            <SubmittedAt iso={survey.createdAt} />
          </td>
          <td className="px-4 py-3">
            <StatusBadge viewed={survey.viewed} />
          </td>
          <td className="px-4 py-3">
            <RowActions
              name={survey.businessName}
              onView={() => onView(survey)}
              onDelete={() => onDelete(survey)}
              deleting={isDeleting(survey)}
            />
          </td>
        </tr>
      ))}
    </InboxTable>
  );
}
