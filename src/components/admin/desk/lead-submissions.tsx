import type { ReactNode } from "react";
import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";
import type { LeadSubmission, SubmissionKind } from "@/lib/lead-desk";
import { submissionKindLabels } from "@/lib/lead-desk-labels";
import { ContactDetails } from "../inbox/contact-detail-dialog";
import { SurveyDetails } from "../inbox/survey-detail-dialog";
import { formatDateTime } from "./desk-time";

/** Each kind's details, as its inbox's dialog shows them. */
const submissionDetails: { [Kind in SubmissionKind]: (submission: LeadSubmission) => ReactNode } = {
  // A lead's submission carries its kind's stored record (src/server/desk/lead-detail.ts).
  contact: (submission) => <ContactDetails contact={submission as unknown as ContactRequest} />,
  survey: (submission) => <SurveyDetails survey={submission as unknown as SurveySubmission} />,
};

/** What the lead sent, newest first: each submission folded, the newest open. */
export function LeadSubmissions({ submissions }: { submissions: LeadSubmission[] }) {
  return (
    <section aria-labelledby="submissions">
      <h2 id="submissions" className="mb-3 text-lg font-bold text-slate-900">
        Submissions <span className="text-base font-normal text-slate-600">({submissions.length})</span>
      </h2>
      <div className="grid gap-2">
        {submissions.map((submission, index) => (
          <details key={`${submission.kind}-${submission.id}`} open={index === 0} className="group rounded-lg border border-border bg-white">
            <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-4 py-2 text-sm font-semibold text-slate-900">
              {submissionKindLabels[submission.kind]}
              <time dateTime={submission.submittedAt} className="font-normal text-slate-600">
                {formatDateTime(submission.submittedAt)}
              </time>
            </summary>
            <div className="grid gap-3 border-t border-border p-3">
              {submissionDetails[submission.kind](submission)}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
