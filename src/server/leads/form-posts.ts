import { fieldErrors } from "@/lib/field-errors";
import type { ContactFormState, SurveyFormState } from "@/lib/form-post-state";
import { LIMITS } from "@/lib/validation/limits";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { surveySchema } from "@/lib/validation/survey-schema";
import { clientAddress } from "@/server/http/client-address";
import { readBodyBytes } from "@/server/http/read-json-body";
import { submitContactRequest, submitSurvey } from "./submit-lead";

/*
 * The forms' plain HTML submissions, for visitors whose scripts did not run: the page
 * posts to itself and renders what these return (the confirmation, or the field errors
 * with the values kept). Same schema and same storage path as POST /api/contact and
 * /api/survey.
 */

const CONTACT_FIELDS = ["name", "email", "phone", "projectType", "message", "source", "website"] as const;
const SURVEY_TEXT_FIELDS = [
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

const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The posted fields, or null for a body no browser form sends (wrong type, over 64 KB, unreadable). */
async function readFormPost(request: Request): Promise<FormData | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.includes(mediaType)) return null;
  try {
    const bytes = await readBodyBytes(request, LIMITS.bodyBytesMax);
    if (bytes === null) return null;
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}

export async function receiveContactFormPost(request: Request, socketAddress?: string): Promise<ContactFormState> {
  const formData = await readFormPost(request);
  if (!formData) return { status: "failed", values: {} };
  const values: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  const parsed = contactRequestSchema.safeParse(values);
  const { website: _honeypot, ...visibleValues } = values;
  if (!parsed.success) return { status: "invalid", fields: fieldErrors(parsed.error), values: visibleValues };
  try {
    const outcome = await submitContactRequest(parsed.data, clientAddress(request.headers, socketAddress));
    if (outcome.status === "rate-limited") return { status: "failed", values: visibleValues };
    return { status: "success" };
  } catch (error) {
    console.error("[contact] no-script submission failed:", error);
    return { status: "failed", values: visibleValues };
  }
}

export async function receiveSurveyFormPost(request: Request, socketAddress?: string): Promise<SurveyFormState> {
  const formData = await readFormPost(request);
  if (!formData) return { status: "failed", values: {} };
  const values: Record<string, string | boolean | string[]> = {};
  for (const field of SURVEY_TEXT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  values.usesStreaming = formData.get("usesStreaming") !== null;
  values.hasPublicWifi = formData.get("hasPublicWifi") !== null;
  values.interestedServices = formData.getAll("interestedServices").filter((value): value is string => typeof value === "string");
  if (values.website === "") delete values.website;

  const parsed = surveySchema.safeParse(values);
  const { website: _honeypot, ...visibleValues } = values;
  if (!parsed.success) return { status: "invalid", fields: fieldErrors(parsed.error), values: visibleValues };
  try {
    const outcome = await submitSurvey(parsed.data, clientAddress(request.headers, socketAddress));
    if (outcome.status === "rate-limited") return { status: "failed", values: visibleValues };
    return { status: "success" };
  } catch (error) {
    console.error("[survey] no-script submission failed:", error);
    return { status: "failed", values: visibleValues };
  }
}
