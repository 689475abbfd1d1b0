import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Send, SquarePen } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { FormField, inputClass } from "@/components/ui/form-field";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { cn } from "@/lib/cn";
import type { LeadDetail } from "@/lib/lead-desk";
import { mailtoLink, REPLY_BODY_MAX, REPLY_SUBJECT_MAX, type ReplyContext } from "@/lib/reply-templates";
import { routes } from "@/lib/routes";
import { toast } from "@/lib/toast-store";
import { type LeadReply, leadReplySchema } from "@/lib/validation/reply-schemas";
import { showServerErrors } from "../account/server-form-errors";
import { isDeskQuery } from "./use-lead-mutations";

type ReplyForm = { templateId: string; subject: string; body: string };

/** The request the form's values make (a select holds the template id as text). */
function toReply({ templateId, subject, body }: ReplyForm, mode: LeadReply["mode"]): LeadReply {
  return { templateId: templateId ? Number(templateId) : null, subject, body, mode };
}

/** The API's schema checks the reply before it goes. */
const replyResolver: Resolver<ReplyForm> = async (values, context, options) => {
  const result = await zodResolver(leadReplySchema)(toReply(values, "send"), context, options as never);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as FieldErrors<ReplyForm> } : { values, errors: {} };
};

/**
 * Reply to a lead: pick a template (filled for this lead by the server), read and edit
 * the subject and text, then send it through the outbox, or, where the server has no
 * SMTP, open it in the owner's e-mail app (`mailto:`) and note it as drafted.
 */
export function ReplyDialog({ lead, to, onClose }: { lead: LeadDetail; to: string; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const context = useQuery<ReplyContext>({ queryKey: [adminApi.leadReplies(lead.id)] });
  const form = useForm<ReplyForm>({ defaultValues: { templateId: "", subject: "", body: "" }, resolver: replyResolver });
  const { errors } = form.formState;
  const [subject, body] = useWatch({ control: form.control, name: ["subject", "body"] });
  const mailEnabled = context.data?.mailEnabled ?? false;

  const reply = useMutation({
    mutationFn: async (values: LeadReply) => (await (await apiRequest("POST", adminApi.leadReplies(lead.id), values)).json()) as { lead: LeadDetail },
    onSuccess: ({ lead: updated }, values) => {
      queryClient.setQueryData([adminApi.lead(lead.id)], updated);
      toast(
        values.mode === "draft"
          ? { title: "E-mail drafted", description: "Your e-mail app has the reply; it is noted on the timeline." }
          : { title: "E-mail sent", description: `The reply to ${to} is on its way and on the timeline.` },
      );
      onClose();
    },
    onError: (error) => showServerErrors(form, error, "The reply was not saved"),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isDeskQuery(query.queryKey) }),
  });

  const values = (mode: LeadReply["mode"]) => toReply(form.getValues(), mode);

  const chooseTemplate = (templateId: string) => {
    const template = context.data?.templates.find((item) => String(item.id) === templateId);
    form.setValue("templateId", templateId);
    if (template) {
      form.setValue("subject", template.subject, { shouldValidate: form.formState.isSubmitted });
      form.setValue("body", template.body, { shouldValidate: form.formState.isSubmitted });
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <div>
            <Dialog.Title className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">Reply to {lead.name}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
              To {to}.{" "}
              {context.data &&
                (mailEnabled
                  ? "Sent from the website's e-mail address; answers come back to you."
                  : "E-mail sending is not set up on this server: your e-mail app opens with the reply, and the timeline notes it as drafted.")}
            </Dialog.Description>
          </div>
          {context.isPending ? (
            <p role="status" className="text-slate-700">
              Loading the templates...
            </p>
          ) : context.isError ? (
            <p role="alert" className="text-destructive">
              The templates could not be loaded. Close this and try again.
            </p>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(() => reply.mutate(values("send")))}>
              <FormField id={`${id}-template`} label="Template" hint={context.data.templates.length === 0 ? "No templates yet: add them under Templates." : undefined}>
                {(control) => (
                  <select {...control} {...form.register("templateId")} onChange={(event) => chooseTemplate(event.target.value)} className={inputClass}>
                    <option value="">No template</option>
                    {context.data.templates.map((template) => (
                      <option key={template.id} value={String(template.id)}>
                        {template.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField id={`${id}-subject`} label="Subject" error={errors.subject?.message}>
                {(control) => <input {...control} type="text" maxLength={REPLY_SUBJECT_MAX} {...form.register("subject")} className={inputClass} />}
              </FormField>
              <FormField id={`${id}-body`} label="Text" error={errors.body?.message}>
                {(control) => <textarea {...control} rows={10} maxLength={REPLY_BODY_MAX} {...form.register("body")} className={inputClass} />}
              </FormField>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
                <a href={routes.adminTemplates} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline sm:mr-auto">
                  Manage templates
                </a>
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
                {mailEnabled ? (
                  <Button type="submit" disabled={reply.isPending}>
                    <Send aria-hidden="true" />
                    Send
                  </Button>
                ) : (
                  <a
                    href={mailtoLink(to, subject ?? "", body ?? "")}
                    className={cn(buttonVariants(), reply.isPending && "pointer-events-none opacity-60")}
                    onClick={(event) => {
                      // The e-mail app opens from the click itself (a browser opens mailto: only from a
                      // user's gesture); an incomplete reply opens nothing and says what is missing.
                      const draft = leadReplySchema.safeParse(values("draft"));
                      if (!draft.success) {
                        event.preventDefault();
                        void form.handleSubmit(() => undefined)();
                        return;
                      }
                      reply.mutate(draft.data);
                    }}
                  >
                    <SquarePen aria-hidden="true" />
                    Open in e-mail app
                  </a>
                )}
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
