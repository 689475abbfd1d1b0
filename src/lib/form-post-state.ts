import type { FieldErrors } from "@/lib/field-errors";

/*
 * What a form's page renders back after its no-script POST (src/server/leads/form-posts.ts):
 * the confirmation, or the field errors with the values kept. Plain data, so the page
 * hands it to the form island as a prop.
 */

export type FormPostStatus = "idle" | "success" | "invalid" | "failed";

export interface ContactFormState {
  status: FormPostStatus;
  fields?: FieldErrors;
  values?: Record<string, string>;
}

export interface SurveyFormState {
  status: FormPostStatus;
  fields?: FieldErrors;
  values?: Record<string, string | boolean | string[]>;
}

export const initialContactFormState: ContactFormState = { status: "idle" };
export const initialSurveyFormState: SurveyFormState = { status: "idle" };
