"use server";

import { headers } from "next/headers";
import type { SurveyFormState } from "@/components/survey/survey-form-state";
import { fieldErrors } from "@/lib/field-errors";
import { surveySchema } from "@/lib/validation/survey-schema";
import { clientAddress } from "@/server/http/client-address";
import { submitSurvey } from "@/server/leads/submit-lead";

const TEXT_FIELDS = [
  "businessName",
  "email",
  "phoneNumber",
  "address",
  "employeeCount",
  "deviceCount",
  "primaryInternetUse",
  "phoneCount",
  "additionalComments",
  "website",
] as const;

/** The survey's plain HTML submission, for visitors whose scripts did not run. */
export async function submitSurveyForm(_previous: SurveyFormState, formData: FormData): Promise<SurveyFormState> {
  const values: Record<string, string | boolean | string[]> = {};
  for (const field of TEXT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  values.usesStreaming = formData.get("usesStreaming") !== null;
  values.hasPublicWifi = formData.get("hasPublicWifi") !== null;
  values.interestedServices = formData.getAll("interestedServices").filter((v): v is string => typeof v === "string");
  if (values.website === "") delete values.website;

  const parsed = surveySchema.safeParse(values);
  const { website: _honeypot, ...visibleValues } = values;
  if (!parsed.success) return { status: "invalid", fields: fieldErrors(parsed.error), values: visibleValues };
  try {
    const outcome = await submitSurvey(parsed.data, clientAddress(await headers()));
    if (outcome.status === "rate-limited") return { status: "failed", values: visibleValues };
    return { status: "success" };
  } catch (error) {
    console.error("[survey] no-script submission failed:", error);
    return { status: "failed", values: visibleValues };
  }
}
