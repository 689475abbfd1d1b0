import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Card } from "@/components/ui/card";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import type { LeadDetail } from "@/lib/lead-desk";
import { routes } from "@/lib/routes";
import { AuthRequired } from "../shared/auth-required";
import { CallLogger } from "./call-logger";
import { FollowUpPanel } from "./follow-up-panel";
import { LeadCard } from "./lead-card";
import { LeadReply } from "./lead-reply";
import { LeadQualificationCard } from "./lead-qualification-card";
import { LeadOrigin } from "./lead-origin";
import { LeadSubmissions } from "./lead-submissions";
import { LeadPrivacyActions } from "./lead-privacy-actions";
import { LeadTimeline } from "./lead-timeline";
import { LeadBookings } from "../bookings/lead-bookings";
import { LeadQuotes } from "../quotes/lead-quotes";
import { NoteForm } from "./note-form";
import { PossibleDuplicates } from "./possible-duplicates";
import { useLeadMutations } from "./use-lead-mutations";

/** /admin/leads/{id}: the card and the actions first (a phone shows them one under the other), then the timeline. */
export function LeadScreen({ leadId }: { leadId: number }) {
  const queryClient = useQueryClient();
  const lead = useQuery<LeadDetail>({ queryKey: [adminApi.lead(leadId)] });
  const { addNote } = useLeadMutations(leadId);
  const opened = useMutation({
    mutationFn: () => apiRequest("POST", adminApi.leadView(leadId)),
    // A first load still on its way was read before the visit was recorded: start it again.
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: [adminApi.lead(leadId)] });
      await queryClient.invalidateQueries({ queryKey: [adminApi.lead(leadId)] });
    },
  });
  const markOpened = opened.mutate;

  // Opening the lead is on its timeline (the server keeps one per half hour).
  useEffect(() => markOpened(), [markOpened]);

  const back = (
    <a href={routes.adminLeads} className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All leads
    </a>
  );

  if (lead.isError) {
    if (lead.error instanceof ApiError && lead.error.status === 404) {
      return (
        <>
          {back}
          <Card className="mx-auto max-w-lg p-8 text-center">
            <h1 className="text-2xl font-bold text-slate-900">Lead not found</h1>
            <p className="mt-2 text-slate-700">It may have been removed with its last submission.</p>
          </Card>
        </>
      );
    }
    return <AuthRequired />;
  }
  if (lead.isPending) {
    return (
      <>
        {back}
        <p role="status" className="py-10 text-center text-slate-700">
          Loading the lead...
        </p>
      </>
    );
  }

  const data = lead.data;
  return (
    <>
      {back}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <div className="grid gap-6">
          <LeadCard lead={data} />
          <PossibleDuplicates lead={data} />
          <LeadBookings leadId={leadId} bookings={data.bookings} />
          <LeadQuotes leadId={leadId} quotes={data.quotes} hasSurvey={data.qualification !== null} />
          {data.qualification && <LeadQualificationCard qualification={data.qualification} />}
          <Card className="grid gap-6 p-4 sm:p-6">
            <CallLogger leadId={leadId} />
            <FollowUpPanel lead={data} />
            <LeadReply lead={data} />
          </Card>
        </div>
        <div className="grid gap-6">
          <Card className="p-4 sm:p-6">
            <NoteForm label="Add a note" submitLabel="Add note" busy={addNote.isPending} onSave={(text) => addNote.mutateAsync(text)} />
          </Card>
          <LeadTimeline leadId={leadId} timeline={data.timeline} />
          {/* Where the lead came from matters less than what they want: it follows the timeline. */}
          <LeadOrigin lead={data} />
          <LeadSubmissions submissions={data.submissions} />
          <Card className="p-4 sm:p-6">
            <LeadPrivacyActions lead={data} />
          </Card>
        </div>
      </div>
    </>
  );
}
