import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** A 429's Retry-After in words ("45 seconds", "2 minutes", "1 hour"), rounded up. */
export function waitInWords(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? plural(seconds, "second") : minutes < 60 ? plural(minutes, "minute") : plural(Math.ceil(minutes / 60), "hour");
}

/** "Try again in 15 minutes." from a 429's Retry-After. */
export function retryLater(retryAfterSeconds: number | undefined): string {
  return retryAfterSeconds ? `Too many attempts. Try again in ${waitInWords(retryAfterSeconds)}.` : "Too many attempts. Please try again later.";
}

/**
 * Puts the API's field messages (`{ fields }` of a 400) on the form's fields, the first one
 * focused. True when there were any for these fields, so the caller needs no other message.
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

/**
 * Shows an API refusal where the user acts on it: a field's message under that field,
 * anything else (a limit, a conflict, no network) as a toast.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, title: string): void {
  if (showServerFieldErrors(form, error, Object.keys(form.getValues()) as Path<T>[])) return;
  const description =
    error instanceof ApiError
      ? error.status === 429
        ? retryLater(error.retryAfterSeconds)
        : (error.json()?.error ?? "Something went wrong. Please try again.")
      : "Could not reach the server. Check your connection and try again.";
  toast({ title, description, variant: "destructive" });
}
