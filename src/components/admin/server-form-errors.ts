import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";

/** "Try again in 15 minutes." from a 429's Retry-After. */
export function retryLater(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return "Too many attempts. Please try again later.";
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Shows an API refusal where the user acts on it: a field's message under that field
 * (the first one focused), anything else (a limit, a conflict, no network) as a toast.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, title: string): void {
  const fields = error instanceof ApiError ? error.json()?.fields : undefined;
  const known = fields ? Object.entries(fields).filter(([name]) => name in form.getValues()) : [];
  if (known.length > 0) {
    known.forEach(([name, message], index) => form.setError(name as Path<T>, { type: "server", message }, { shouldFocus: index === 0 }));
    return;
  }
  const description =
    error instanceof ApiError
      ? error.status === 429
        ? retryLater(error.retryAfterSeconds)
        : (error.json()?.error ?? "Something went wrong. Please try again.")
      : "Could not reach the server. Check your connection and try again.";
  toast({ title, description, variant: "destructive" });
}
