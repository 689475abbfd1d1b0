// zod/mini: the same rules in a fraction of the browser bundle of classic zod.
import * as z from "zod/mini";
import "./zod-config";
import { attributionShape } from "./attribution-schema";
import { SURVEY_HONEYPOT_FIELD } from "./honeypot-fields";
import { LIMITS } from "./limits";
import { surveyServiceValues } from "./survey-services";
import { emailField, nameField, textField } from "./text-field";


/**
 * 100000 → "100,000". Not toLocaleString: the first call sets up Intl's number formatting,
 * which cost the survey page ~12 ms of main thread while it hydrated (schemas build on load).
 */
function withThousandsSeparators(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** §5: numbers are coerced from text; anything that is not a whole number gets the field's message. */
function countField(message: string, min: number, max: number) {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value)),
    z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, `Must be at most ${withThousandsSeparators(max)}`)),
  );
}

/** §5 survey form: one schema for the form and the API. */
export const surveySchema = z.object({
  businessName: nameField(
    "Business name is required",
    z.minLength(2, "Business name is required"),
    z.maxLength(LIMITS.businessNameMax, `Business name must be at most ${LIMITS.businessNameMax} characters`),
  ),
  email: emailField("Invalid email address", LIMITS.emailMax),
  phoneNumber: textField(
    "Phone number is required",
    z.minLength(7, "Phone number is required"),
    z.maxLength(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`),
  ),
  address: textField(
    "Address is required",
    z.minLength(5, "Address is required"),
    z.maxLength(LIMITS.addressMax, `Address must be at most ${LIMITS.addressMax} characters`),
  ),
  employeeCount: countField("Must have at least one employee", 1, LIMITS.employeeCountMax),
  deviceCount: countField("Must be a non-negative number", 0, LIMITS.deviceCountMax),
  primaryInternetUse: textField(
    "Primary internet use is required",
    z.minLength(2, "Primary internet use is required"),
    z.maxLength(LIMITS.primaryInternetUseMax, `Primary internet use must be at most ${LIMITS.primaryInternetUseMax} characters`),
  ),
  usesStreaming: z._default(z.boolean({ error: "Must be true or false" }), false),
  hasPublicWifi: z._default(z.boolean({ error: "Must be true or false" }), false),
  phoneCount: countField("Must be a non-negative number", 0, LIMITS.phoneCountMax),
  interestedServices: z._default(
    z.array(z.enum(surveyServiceValues, { error: "Unknown service" }), { error: "Must be a list of services" }).check(
      z.maxLength(surveyServiceValues.length, "Too many services"),
      z.refine((list: readonly string[]) => new Set(list).size === list.length, "Each service may be chosen once"),
    ),
    [],
  ),
  additionalComments: z._default(
    textField("Must be text", z.maxLength(LIMITS.commentsMax, `Comments must be at most ${LIMITS.commentsMax} characters`)),
    "",
  ),
  [SURVEY_HONEYPOT_FIELD]: z.optional(textField("Must be text", z.maxLength(LIMITS.honeypotMax))),
  /** Where the visitor came from, first and last (docs/attribution.md); bad values are dropped, never refused. */
  ...attributionShape,
});

export type SurveyInput = z.input<typeof surveySchema>;
export type SurveyData = z.output<typeof surveySchema>;
