import { MoreRows, useRowsInSteps } from "./rows-in-steps";
import { adminApi } from "@/lib/admin-api";
import type { SurveySubmission } from "@/lib/inbox-records";
import { AuthRequired } from "../shared/auth-required";
import { InboxEmptyState } from "./inbox-empty-state";
import { InboxHeader } from "./inbox-header";
import { SurveyDetailDialog } from "./survey-detail-dialog";
import { SurveyTable } from "./survey-table";
import { type LeadInboxConfig, useLeadInbox } from "./use-lead-inbox";

const surveyInbox: LeadInboxConfig = {
  listPath: adminApi.surveys,
  viewPath: adminApi.surveyView,
  deletePath: adminApi.survey,
  confirmDelete: "Are you sure you want to delete this survey submission? This action cannot be undone.",
  deleted: { title: "Survey Deleted", description: "The survey has been successfully deleted." },
  deleteFailed: { title: "Error", description: "Failed to delete the survey. Please try again." },
};

/** §2 /admin/surveys: loading, authentication required, empty, or the table with its dialog. */
export function SurveyInbox() {
  const inbox = useLeadInbox<SurveySubmission>(surveyInbox);
  const { data, isPending, isError } = inbox.list;
  const rows = useRowsInSteps(data ?? []);

  if (isError) return <AuthRequired />;
  return (
    <>
      <InboxHeader title="Survey Submissions" csvHref={data?.length ? adminApi.surveysCsv : undefined} />
      {isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading survey submissions...
        </p>
      ) : data.length === 0 ? (
        <InboxEmptyState title="No Submissions Yet" description="Survey submissions will appear here once customers complete the survey." />
      ) : (
        <>
          <SurveyTable surveys={rows.shown} onView={inbox.open} onDelete={inbox.requestDelete} isDeleting={inbox.isDeleting} />
          <MoreRows remaining={rows.remaining} more={rows.more} sentinel={rows.sentinel} />
          <SurveyDetailDialog
            survey={inbox.selected}
            deleting={inbox.selected ? inbox.isDeleting(inbox.selected) : false}
            onClose={inbox.close}
            onDelete={inbox.requestDelete}
          />
        </>
      )}
    </>
  );
}
