import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { NOTE_TEXT_MAX } from "@/lib/lead-desk";
import { leadNoteSchema } from "@/lib/validation/lead-desk-schemas";

/** A note's text: adding one to a lead, or editing one on its timeline. */
export function NoteForm({
  label,
  submitLabel,
  initialText = "",
  busy,
  autoFocus,
  onSave,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initialText?: string;
  busy: boolean;
  autoFocus?: boolean;
  onSave: (text: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<{ text: string }>({ resolver: zodResolver(leadNoteSchema), defaultValues: { text: initialText } });
  const error = form.formState.errors.text?.message;

  return (
    <form
      noValidate
      aria-label={label}
      className="grid gap-2"
      onSubmit={form.handleSubmit(async ({ text }) => {
        try {
          await onSave(text);
          form.reset({ text: "" });
        } catch {
          // The mutation says so in a toast; the text stays for another try.
        }
      })}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={NOTE_TEXT_MAX}
        // Opening the editor is asking to type in it.
        autoFocus={autoFocus}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register("text")}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
