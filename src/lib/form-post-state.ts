import type { FieldErrors } from "@/lib/field-errors";
import type { PostedFormValues } from "@/lib/validation/submission-forms";

/*
 * What a form's page renders back after its no-script POST (src/server/leads/lead-form-post.ts):
 * the confirmation, or the field errors with the values kept. Plain data, so the page
 * hands it to the form island as a prop.
 */

export type FormPostStatus = "idle" | "success" | "invalid" | "failed";

export interface FormPostState<Values> {
  status: FormPostStatus;
  fields?: FieldErrors;
  values?: Values;
  /** The other site the form page was first opened from, carried through its no-script posts (docs/attribution.md). */
  visitReferrer?: string;
}

export type ContactFormState = FormPostState<PostedFormValues["contact"]>;
export type SurveyFormState = FormPostState<PostedFormValues["survey"]>;

export const initialContactFormState: ContactFormState = { status: "idle" };
export const initialSurveyFormState: SurveyFormState = { status: "idle" };
