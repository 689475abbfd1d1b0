import { type ContactRequestData, contactRequestSchema } from "./contact-request-schema";
import { CONTACT_HONEYPOT_FIELD, SURVEY_HONEYPOT_FIELD } from "./honeypot-fields";
import { type SurveyData, surveySchema } from "./survey-schema";

/*
 * What each kind of lead the site takes is, for every part of the app that reads or
 * writes one: its schema, the fields a visitor fills in and their labels for the owner,
 * in the order the owner reads them. The server adds its CSV columns and its e-mail
 * (src/server/leads/lead-kinds.ts); this half is safe for the browser.
 */

/** How a field arrives from an HTML form: text, a checkbox (ticked or not), or checkboxes sharing its name. */
export type FieldInput = "text" | "flag" | "list";

export type SubmissionField<Data> = { readonly name: keyof Data & string; readonly label: string; readonly input: FieldInput };

export interface SubmissionForm<Data> {
  readonly schema: {
    safeParse(value: unknown): { success: true; data: Data } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  };
  /** Invisible to people; anything in it marks the submission as a bot's. */
  readonly honeypot: keyof Data & string;
  readonly fields: readonly SubmissionField<Data>[];
}

export const contactSubmission = {
  schema: contactRequestSchema,
  honeypot: CONTACT_HONEYPOT_FIELD,
  fields: [
    { name: "name", label: "Name", input: "text" },
    { name: "email", label: "Email", input: "text" },
    { name: "phone", label: "Phone", input: "text" },
    { name: "projectType", label: "Project type", input: "text" },
    { name: "source", label: "Came from", input: "text" },
    { name: "message", label: "Message", input: "text" },
  ],
} as const satisfies SubmissionForm<ContactRequestData>;

export const surveySubmission = {
  schema: surveySchema,
  honeypot: SURVEY_HONEYPOT_FIELD,
  fields: [
    { name: "businessName", label: "Business name", input: "text" },
    { name: "email", label: "Email", input: "text" },
    { name: "phoneNumber", label: "Phone number", input: "text" },
    { name: "address", label: "Address", input: "text" },
    { name: "employeeCount", label: "Employees", input: "text" },
    { name: "deviceCount", label: "Devices", input: "text" },
    { name: "primaryInternetUse", label: "Primary internet use", input: "text" },
    { name: "usesStreaming", label: "Uses streaming", input: "flag" },
    { name: "hasPublicWifi", label: "Offers public WiFi", input: "flag" },
    { name: "phoneCount", label: "Phones", input: "text" },
    { name: "interestedServices", label: "Interested services", input: "list" },
    { name: "additionalComments", label: "Additional comments", input: "text" },
  ],
} as const satisfies SubmissionForm<SurveyData>;

/** The validated data of each kind of submission. */
export type SubmissionData = { contact: ContactRequestData; survey: SurveyData };
export type SubmissionKind = keyof SubmissionData;

export const submissionForms: { readonly [Kind in SubmissionKind]: SubmissionForm<SubmissionData[Kind]> } = {
  contact: contactSubmission,
  survey: surveySubmission,
};

type InputValue<Input extends FieldInput> = Input extends "flag" ? boolean : Input extends "list" ? string[] : string;

type PostedValues<Form extends { readonly fields: readonly { readonly name: string; readonly input: FieldInput }[] }> = {
  [Field in Form["fields"][number] as Field["name"]]?: InputValue<Field["input"]>;
};

/** What a no-script post of each form sent, field by field, as its page shows it again after an error. */
export type PostedFormValues = { contact: PostedValues<typeof contactSubmission>; survey: PostedValues<typeof surveySubmission> };
