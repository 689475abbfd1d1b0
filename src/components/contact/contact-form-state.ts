import type { FieldErrors } from "@/lib/field-errors";

/** What the no-script submission of the contact form renders back. */
export interface ContactFormState {
  status: "idle" | "success" | "invalid" | "failed";
  fields?: FieldErrors;
  values?: Record<string, string>;
}

export const initialContactFormState: ContactFormState = { status: "idle" };
