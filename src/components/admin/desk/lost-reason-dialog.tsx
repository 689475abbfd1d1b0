import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { LOST_NOTE_MAX, lostReasons } from "@/lib/lead-desk";
import { lostReasonLabels } from "@/lib/lead-desk-labels";
import { type LeadPatch, leadPatchSchema } from "@/lib/validation/lead-desk-schemas";

/** The PATCH that marks a lead lost (the same schema as the API); the reason and the note are chosen here. */
const lostDefaults: LeadPatch = { status: "lost", lostNote: "" };

/** Marking a lead Lost asks why: one reason from the short list, plus words of one's own. */
export function LostReasonDialog({
  leadName,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  leadName: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (values: LeadPatch) => void;
}) {
  const baseId = useId();
  const form = useForm<LeadPatch>({ resolver: zodResolver(leadPatchSchema), defaultValues: lostDefaults });
  const { errors } = form.formState;
  const noteId = `${baseId}-note`;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset(lostDefaults);
          onCancel();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">Mark {leadName} as lost</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Knowing why leads are lost shows what to change.</Dialog.Description>
          <form
            noValidate
            className="mt-4 grid gap-4"
            onSubmit={form.handleSubmit((values) => {
              onConfirm({ status: "lost", lostReason: values.lostReason, lostNote: values.lostNote || undefined });
              form.reset(lostDefaults);
            })}
          >
            <fieldset aria-describedby={errors.lostReason ? `${baseId}-reason-error` : undefined}>
              <legend className="text-sm font-medium text-slate-800">Reason</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {lostReasons.map((reason) => (
                  <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input type="radio" value={reason} {...form.register("lostReason")} className="size-4 accent-brand-700" />
                    {lostReasonLabels[reason]}
                  </label>
                ))}
              </div>
              {errors.lostReason && (
                <p id={`${baseId}-reason-error`} className="mt-1 text-sm font-medium text-destructive">
                  {errors.lostReason.message}
                </p>
              )}
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
                Note (needed for Other)
              </label>
              <textarea
                id={noteId}
                rows={3}
                maxLength={LOST_NOTE_MAX}
                aria-invalid={Boolean(errors.lostNote)}
                aria-describedby={errors.lostNote ? `${noteId}-error` : undefined}
                {...form.register("lostNote")}
                className={inputClass}
              />
              {errors.lostNote && (
                <p id={`${noteId}-error`} className="text-sm font-medium text-destructive">
                  {errors.lostNote.message}
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                Mark as lost
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
