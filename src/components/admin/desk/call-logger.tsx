import { CALL_LOG } from "../shared/desk-keys";
import { zodResolver } from "@hookform/resolvers/zod";
import { PhoneCall, PhoneMissed, Voicemail } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { type CallOutcome, callOutcomes, type FollowUpType, NOTE_TEXT_MAX } from "@/lib/lead-desk";
import { callOutcomeLabels } from "@/lib/lead-desk-labels";
import { type LeadCall, leadCallSchema } from "@/lib/validation/lead-desk-schemas";
import { FollowUpChoices } from "./follow-up-choices";
import { useLeadMutations } from "./use-lead-mutations";

const outcomeIcons = { reached: PhoneCall, voicemail: Voicemail, "no-answer": PhoneMissed } as const;

/**
 * Logging a call in two taps: how it went, then when to follow up (which saves it).
 * A note can be added between the two.
 */
export function CallLogger({ leadId, heading = true, onLogged }: { leadId: number; heading?: boolean; onLogged?: () => void }) {
  const { logCall } = useLeadMutations(leadId);
  const baseId = useId();
  const form = useForm<LeadCall>({ resolver: zodResolver(leadCallSchema), defaultValues: { note: "" } });
  const outcome = useWatch({ control: form.control, name: "outcome" }) as CallOutcome | undefined;
  const nextStep = useRef<HTMLParagraphElement>(null);

  // The tapped button is gone: the question that replaced it takes the focus.
  useEffect(() => {
    if (outcome) nextStep.current?.focus();
  }, [outcome]);

  const save = (dueAt: string | undefined, type: FollowUpType) => {
    form.setValue("nextFollowUpAt", dueAt);
    void form.handleSubmit((values) =>
      logCall.mutate(
        { outcome: values.outcome, note: values.note || undefined, nextFollowUpAt: values.nextFollowUpAt, ...(dueAt ? { nextFollowUpType: type } : {}) },
        {
          onSuccess: () => {
            form.reset({ note: "" });
            onLogged?.();
          },
        },
      ),
    )();
  };

  return (
    <section aria-labelledby={heading ? `${baseId}-title` : undefined} aria-label={heading ? undefined : "Log the call"} className="grid gap-3">
      {heading && (
        <h2 id={`${baseId}-title`} className="text-lg font-bold text-slate-900">
          Log a call
        </h2>
      )}
      {!outcome ? (
        <div role="group" aria-label="How did the call go?" className="grid grid-cols-3 gap-2" {...CALL_LOG}>
          {callOutcomes.map((value) => {
            const Icon = outcomeIcons[value];
            return (
              <Button key={value} variant="outline" size="lg" className="h-auto flex-col gap-1 px-2 py-3 text-sm" onClick={() => form.setValue("outcome", value)}>
                <Icon aria-hidden="true" className="!size-5" />
                {callOutcomeLabels[value]}
              </Button>
            );
          })}
        </div>
      ) : (
        <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3">
          <p ref={nextStep} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
            <span>
              Call: <strong>{callOutcomeLabels[outcome]}</strong>. When is the next follow-up?
            </span>
            <Button variant="link" size="sm" onClick={() => form.reset({ note: "" })}>
              Change
            </Button>
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${baseId}-note`} className="text-sm font-medium text-slate-800">
              Note (optional)
            </label>
            <textarea id={`${baseId}-note`} rows={2} maxLength={NOTE_TEXT_MAX} {...form.register("note")} className={inputClass} />
          </div>
          <FollowUpChoices busy={logCall.isPending} noneLabel="No follow-up" onChoose={save} />
        </div>
      )}
    </section>
  );
}
