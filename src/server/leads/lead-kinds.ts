import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";
import { contactPresetLabels, isContactPreset, projectTypeLabel } from "@/lib/validation/project-types";
import { type SubmissionData, type SubmissionForm, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { surveyServiceLabel } from "@/lib/validation/survey-services";

/** Each kind of submission as the back office reads it once stored. */
export type StoredSubmission = { contact: ContactRequest; survey: SurveySubmission };

/** How a field's value is written for the owner, where plain text is not enough. */
type Shown<Row, Text> = { readonly [Field in keyof Row]?: (value: Row[Field]) => Text };

/**
 * The server half of a kind of submission (the other half, schema, fields and labels, is
 * src/lib/validation/submission-forms.ts): the e-mail that tells the owner about one, and
 * the columns of its CSV export. Both list the form's fields in order, under their labels
 * in the e-mail and their names in the CSV header.
 */
export interface LeadKind<Data, Stored> {
  readonly form: SubmissionForm<Data>;
  readonly email: { readonly title: string; subject(data: Data): string; readonly show: Shown<Data, string> };
  /** After id, createdAt and status. */
  readonly csv: { readonly show: Shown<Stored, string> };
  /**
   * The e-mail that tells the visitor their submission arrived (src/server/leads/lead-emails.ts):
   * a fixed text that repeats nothing typed, so the form cannot send anyone a stranger's
   * words. `name` is what it may greet them by, if it looks like a name; `chosen` what they
   * picked from the form's lists.
   */
  readonly acknowledgement: {
    readonly subject: string;
    name(data: Data): string | null;
    chosen(data: Data): string | null;
    readonly next: string;
  };
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export const leadKinds: { readonly [Kind in SubmissionKind]: LeadKind<SubmissionData[Kind], StoredSubmission[Kind]> } = {
  contact: {
    form: submissionForms.contact,
    email: {
      title: "New contact request",
      subject: (data) => `New contact request: ${data.name} (${projectTypeLabel(data.projectType)})`,
      show: {
        projectType: projectTypeLabel,
        source: (source) => (source ? `${contactPresetLabels[source]} (?service=${source})` : "Contact page"),
      },
    },
    csv: {
      show: {
        projectType: projectTypeLabel,
        source: (source) => (source && isContactPreset(source) ? contactPresetLabels[source] : (source ?? "")),
      },
    },
    acknowledgement: {
      subject: "We received your message",
      name: (data) => data.name,
      chosen: (data) => projectTypeLabel(data.projectType),
      next: "We read every request ourselves and will call or e-mail you within one business day to talk it through.",
    },
  },
  survey: {
    form: submissionForms.survey,
    email: {
      title: "New connectivity survey",
      subject: (data) => `New connectivity survey: ${data.businessName}`,
      show: {
        usesStreaming: yesNo,
        hasPublicWifi: yesNo,
        interestedServices: (services) => (services.length ? services.map(surveyServiceLabel).join(", ") : "None selected"),
        additionalComments: (comments) => comments || "None provided",
      },
    },
    csv: {
      show: {
        usesStreaming: (value) => yesNo(value).toLowerCase(),
        hasPublicWifi: (value) => yesNo(value).toLowerCase(),
        interestedServices: (services) => services.map(surveyServiceLabel).join("; "),
      },
    },
    acknowledgement: {
      subject: "We received your connectivity survey",
      // A survey names a business, not a person.
      name: () => null,
      chosen: (data) => (data.interestedServices.length ? data.interestedServices.map(surveyServiceLabel).join(", ") : null),
      next: "We will look through your answers and call or e-mail you within one business day with what we would recommend for your business.",
    },
  },
};

/**
 * The text of each of the form's fields in `row`, in order: through `show` where the kind
 * has a rule for the field, else the value itself.
 */
export function fieldTexts<Data, Row>(form: SubmissionForm<Data>, row: Row, show: Shown<Row, string>): { label: string; name: string; value: unknown }[] {
  // The form's field names are keys of both the submitted data and the stored row.
  const values = row as Record<string, unknown>;
  const rules = show as Record<string, ((value: unknown) => string) | undefined>;
  return form.fields.map(({ name, label }) => ({ label, name, value: rules[name] ? rules[name](values[name]) : values[name] }));
}
