import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";
import type { LeadSubmission } from "@/lib/lead-desk";
import { submissionKindLabels } from "@/lib/lead-desk-labels";
import { ContactDetails } from "../inbox/contact-detail-dialog";
import { SurveyDetails } from "../inbox/survey-detail-dialog";
import { formatDateTime } from "./desk-time";

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
              {submission.kind === "contact" ? <ContactDetails contact={submission as unknown as ContactRequest} /> : <SurveyDetails survey={submission as unknown as SurveySubmission} />}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
