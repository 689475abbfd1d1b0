import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { type DuplicateLead, type FollowUpType, type LeadDetail, NOTE_TEXT_MAX, offlineLeadSources } from "@/lib/lead-desk";
import { followUpTypeLabels, leadSourceLabels } from "@/lib/lead-desk-labels";
import { leadServices } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import { type LeadCreate, type LeadCreateInput, leadCreateSchema } from "@/lib/validation/lead-desk-schemas";
import { formatDateTime } from "./desk-time";
import { FollowUpChoices } from "./follow-up-choices";
import { isDeskQuery } from "./use-lead-mutations";

const blank: LeadCreateInput = { name: "", business: "", email: "", phone: "", service: "", source: "phone", note: "" };

/**
 * "Add lead": a lead taken by phone or in person, with the same schema as POST
 * /api/admin/leads. A known e-mail or phone is not merged: the dialog offers that lead.
 * The new lead opens on its own page.
 */
export function AddLeadDialog() {
  const baseId = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [followUp, setFollowUp] = useState<string | undefined>(undefined);
  const [followUpType, setFollowUpType] = useState<FollowUpType>("call");
  const [duplicate, setDuplicate] = useState<DuplicateLead | null>(null);
  const form = useForm<LeadCreateInput, unknown, LeadCreate>({ resolver: zodResolver(leadCreateSchema), defaultValues: blank });
  const { errors } = form.formState;
  const id = (name: string) => `${baseId}-${name}`;
  const err = (name: keyof LeadCreateInput) => errors[name]?.message;

  const add = useMutation({
    mutationFn: async (values: LeadCreate) => (await apiRequest("POST", adminApi.leads, { ...values, nextFollowUpAt: followUp, ...(followUp ? { nextFollowUpType: followUpType } : {}) })).json() as Promise<LeadDetail>,
    onSuccess: async (lead) => {
      await queryClient.invalidateQueries({ predicate: (query) => isDeskQuery(query.queryKey) });
      window.location.assign(routes.adminLead(lead.id));
    },
    onError: (error) => {
      const body = error instanceof ApiError ? error.json() : null;
      if (error instanceof ApiError && error.status === 409 && body && "leadId" in body) setDuplicate(body as DuplicateLead);
      else if (error instanceof ApiError && error.status === 400 && body?.fields) {
        for (const [field, message] of Object.entries(body.fields)) form.setError(field as keyof LeadCreateInput, { message });
      } else form.setError("root", { message: "The lead could not be added. Please try again." });
    },
  });

  const reset = () => {
    form.reset(blank);
    setFollowUp(undefined);
    setDuplicate(null);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          Add lead
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900">Add a lead</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Someone who called or came in. The lead starts New; leads added here are left out of the speed to lead on Today.
          </Dialog.Description>
          <form
            noValidate
            className="mt-4 grid gap-4"
            onSubmit={form.handleSubmit((values) => {
              setDuplicate(null);
              add.mutate(values);
            })}
          >
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">How they came</legend>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {offlineLeadSources.map((source) => (
                  <label key={source} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input type="radio" value={source} {...form.register("source")} className="size-4 accent-brand-700" />
                    {leadSourceLabels[source]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField id={id("name")} label="Name" error={err("name")}>
              {(control) => <input {...control} {...form.register("name")} type="text" autoComplete="off" className={inputClass} />}
            </FormField>
            <FormField id={id("business")} label="Business (optional)" error={err("business")}>
              {(control) => <input {...control} {...form.register("business")} type="text" autoComplete="off" className={inputClass} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={id("phone")} label="Phone" hint="A phone or an e-mail is needed." error={err("phone")}>
                {(control) => <input {...control} {...form.register("phone")} type="tel" inputMode="tel" autoComplete="off" className={inputClass} />}
              </FormField>
              <FormField id={id("email")} label="E-mail" error={err("email")}>
                {(control) => <input {...control} {...form.register("email")} type="email" inputMode="email" autoComplete="off" className={inputClass} />}
              </FormField>
            </div>
            <FormField id={id("service")} label="Service (optional)" error={err("service")}>
              {(control) => (
                <select {...control} {...form.register("service")} className={inputClass}>
                  <option value="">Not stated</option>
                  {leadServices.map((service) => (
                    <option key={service.value} value={service.value}>
                      {service.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id={id("note")} label="Note (optional)" error={err("note")}>
              {(control) => <textarea {...control} {...form.register("note")} rows={3} maxLength={NOTE_TEXT_MAX} className={inputClass} />}
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-800">Next follow-up (optional)</legend>
              <p className="text-sm text-slate-700" aria-live="polite">
                {followUp ? `Follow-up on ${formatDateTime(followUp)}: ${followUpTypeLabels[followUpType]}` : "No follow-up set."}
              </p>
              <FollowUpChoices busy={add.isPending} noneLabel={followUp ? "No follow-up" : undefined} onChoose={(dueAt, type) => {
                  setFollowUp(dueAt);
                  setFollowUpType(type);
                }}
              />
            </fieldset>
            {duplicate && (
              <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <p className="font-semibold">{duplicate.error}</p>
                <p className="mt-1">Nothing was added. Open that lead to log this call or add a note there.</p>
                <a href={routes.adminLead(duplicate.leadId)} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
                  Open the existing lead
                </a>
              </div>
            )}
            {errors.root && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.root.message}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={add.isPending}>
                Add lead
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
