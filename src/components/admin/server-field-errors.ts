import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/admin-api";

/**
 * Puts the API's field messages (`{ fields }` of a 400) on the form's fields. True when
 * there were any for these fields, so the caller needs no other message.
 */
export function showServerFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[]): boolean {
  const messages = error instanceof ApiError && error.status === 400 ? error.json()?.fields : undefined;
  if (!messages) return false;
  let shown = false;
  for (const field of fields) {
    const message = messages[field];
    if (!message) continue;
    form.setError(field, { type: "server", message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
