import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { fillReplySubject, fillReplyTemplate, REPLY_BODY_MAX, REPLY_SUBJECT_MAX, REPLY_TEMPLATE_NAME_MAX, type ReplyFields } from "@/lib/reply-templates";
import { type ReplyTemplateInput, replyTemplateSchema } from "@/lib/validation/reply-schemas";
import { showServerErrors } from "../account/server-form-errors";

const empty: ReplyTemplateInput = { name: "", subject: "", body: "" };

/**
 * A template's name, subject and text (the API's schema checks them here first, unknown
 * placeholders included), with a preview filled for the example lead.
 */
export function TemplateForm({
  label,
  submitLabel,
  initial = empty,
  example,
  busy,
  onSave,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: ReplyTemplateInput;
  example: ReplyFields;
  busy: boolean;
  onSave: (values: ReplyTemplateInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<ReplyTemplateInput>({ resolver: zodResolver(replyTemplateSchema), defaultValues: initial });
  const { errors } = form.formState;
  const [subject, body] = useWatch({ control: form.control, name: ["subject", "body"] });

  return (
    <form
      noValidate
      aria-label={label}
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onSave(values);
          form.reset(empty);
        } catch (error) {
          showServerErrors(form, error, "The template was not saved");
        }
      })}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(control) => <input {...control} type="text" maxLength={REPLY_TEMPLATE_NAME_MAX} {...form.register("name")} className={inputClass} />}
      </FormField>
      <FormField id={`${id}-subject`} label="Subject" error={errors.subject?.message}>
        {(control) => <input {...control} type="text" maxLength={REPLY_SUBJECT_MAX} {...form.register("subject")} className={inputClass} />}
      </FormField>
      <FormField id={`${id}-body`} label="Text" error={errors.body?.message}>
        {(control) => <textarea {...control} rows={8} maxLength={REPLY_BODY_MAX} {...form.register("body")} className={inputClass} />}
      </FormField>
      {(subject || body) && (
        <div className="grid gap-1 rounded-lg border border-border bg-slate-50 p-3 text-sm" data-testid="template-preview">
          <p className="font-semibold text-slate-900">Preview for an example lead</p>
          <p className="text-slate-900 [overflow-wrap:anywhere]">
            <span className="text-slate-600">Subject: </span>
            {fillReplySubject(subject ?? "", example)}
          </p>
          <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{fillReplyTemplate(body ?? "", example)}</p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
