import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { FollowUpType, LeadDetail } from "@/lib/lead-desk";
import { followUpTypeLabels } from "@/lib/lead-desk-labels";
import { toast } from "@/lib/toast-store";
import { formatDateTime } from "./desk-time";
import { FollowUpChoices } from "./follow-up-choices";
import { useLeadMutations } from "./use-lead-mutations";

/** The lead's next follow-up: when it is, marking it done, or setting one. */
export function FollowUpPanel({ lead }: { lead: LeadDetail }) {
  const { update } = useLeadMutations(lead.id);
  const [choosing, setChoosing] = useState(false);
  const due = lead.nextFollowUpAt;

  const set = (dueAt: string | undefined, type?: FollowUpType) =>
    update.mutate(
      { nextFollowUpAt: dueAt ?? null, ...(dueAt && type ? { nextFollowUpType: type } : {}) },
      {
        onSuccess: () => {
          setChoosing(false);
          toast(dueAt ? { title: "Follow-up set", description: `Due ${formatDateTime(dueAt)}.` } : { title: "Follow-up done", description: "It is off Today's list." });
        },
      },
    );

  return (
    <section aria-labelledby="follow-up" className="grid gap-3">
      <h2 id="follow-up" className="text-lg font-bold text-slate-900">
        Next follow-up
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-800" data-testid="next-follow-up">
          {due ? (
            <>
              {followUpTypeLabels[lead.nextFollowUpType ?? "call"]}, <time dateTime={due}>{formatDateTime(due)}</time>
            </>
          ) : (
            "None set."
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {due && (
            <Button size="sm" disabled={update.isPending} onClick={() => set(undefined)}>
              <CalendarCheck aria-hidden="true" />
              Done
            </Button>
          )}
          <Button variant="outline" size="sm" aria-expanded={choosing} onClick={() => setChoosing((open) => !open)}>
            {due ? "Move" : "Set"} follow-up
          </Button>
        </div>
      </div>
      {choosing && <FollowUpChoices busy={update.isPending} onChoose={set} />}
    </section>
  );
}
