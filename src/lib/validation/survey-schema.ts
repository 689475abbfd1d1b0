import { z } from "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";
import { surveyServiceValues } from "./survey-services";

export const SURVEY_HONEYPOT_FIELD = "website";

/** §5: numbers are coerced from text; anything that is not a finite number gets the field's message. */
function countField(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: message })
      .int(message)
      .min(min, message)
      .max(max, `Must be at most ${max.toLocaleString("en-US")}`),
  );
}

/** §5 survey form: one schema for the form and the API. */
export const surveySchema = z.object({
  businessName: z
    .string({ error: "Business name is required" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(2, "Business name is required")
    .max(LIMITS.businessNameMax, `Business name must be at most ${LIMITS.businessNameMax} characters`),
  email: z
    .string({ error: "Invalid email address" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .max(LIMITS.emailMax, "Invalid email address")
    .pipe(z.email("Invalid email address")),
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(7, "Phone number is required")
    .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`),
  address: z
    .string({ error: "Address is required" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(5, "Address is required")
    .max(LIMITS.addressMax, `Address must be at most ${LIMITS.addressMax} characters`),
  employeeCount: countField("Must have at least one employee", 1, LIMITS.employeeCountMax),
  deviceCount: countField("Must be a non-negative number", 0, LIMITS.deviceCountMax),
  primaryInternetUse: z
    .string({ error: "Primary internet use is required" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(2, "Primary internet use is required")
    .max(LIMITS.primaryInternetUseMax, `Primary internet use must be at most ${LIMITS.primaryInternetUseMax} characters`),
  usesStreaming: z.boolean({ error: "Must be true or false" }).default(false),
  hasPublicWifi: z.boolean({ error: "Must be true or false" }).default(false),
  phoneCount: countField("Must be a non-negative number", 0, LIMITS.phoneCountMax),
  interestedServices: z
    .array(z.enum(surveyServiceValues, { error: "Unknown service" }), { error: "Must be a list of services" })
    .max(surveyServiceValues.length)
    .refine((list) => new Set(list).size === list.length, "Each service may be chosen once")
    .default([]),
  additionalComments: z
    .string({ error: "Must be text" })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .max(LIMITS.commentsMax, `Comments must be at most ${LIMITS.commentsMax} characters`)
    .default(""),
  [SURVEY_HONEYPOT_FIELD]: z.string()
    .regex(NO_NUL, INVALID_CHARACTER).max(LIMITS.honeypotMax).optional(),
});

export type SurveyInput = z.input<typeof surveySchema>;
export type SurveyData = z.output<typeof surveySchema>;

export const surveyDefaults = {
  businessName: "",
  email: "",
  phoneNumber: "",
  address: "",
  employeeCount: 1,
  deviceCount: 0,
  primaryInternetUse: "",
  usesStreaming: false,
  hasPublicWifi: false,
  phoneCount: 0,
  interestedServices: [] as string[],
  additionalComments: "",
};
