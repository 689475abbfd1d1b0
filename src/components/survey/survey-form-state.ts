import type { FieldErrors } from "@/lib/field-errors";

/** What the no-script submission of the survey renders back. */
export interface SurveyFormState {
  status: "idle" | "success" | "invalid" | "failed";
  fields?: FieldErrors;
  values?: Record<string, string | boolean | string[]>;
}

export const initialSurveyFormState: SurveyFormState = { status: "idle" };
