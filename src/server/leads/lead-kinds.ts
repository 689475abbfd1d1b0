import { type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, sql } from "kysely";
import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";
import { type LeadService, serviceOfContact, serviceOfSurvey } from "@/lib/lead-services";
import { contactPresetLabels, isContactPreset, projectTypeLabel } from "@/lib/validation/project-types";
import { type SubmissionData, type SubmissionForm, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { surveyServiceLabel } from "@/lib/validation/survey-services";
import { type ContactRequestsTable, type Database, isoFromMillis, readBoolean, type SurveySubmissionsTable, writeBoolean } from "@/server/db/schema";
import { contactIdentity, emailKey, phoneKey, type SubmissionIdentity, surveyIdentity } from "./lead-identity";
import { qualifySurvey } from "./lead-qualification";

/** Each kind of submission as the back office reads it once stored. */
export type StoredSubmission = { contact: ContactRequest; survey: SurveySubmission };

/** The table each kind of submission is stored in. */
export const SUBMISSION_TABLES = { contact: "contact_requests", survey: "survey_submissions" } as const satisfies Record<SubmissionKind, keyof Database>;
export type SubmissionTable = (typeof SUBMISSION_TABLES)[SubmissionKind];
export type SubmissionRow = { contact: ContactRequestsTable; survey: SurveySubmissionsTable };

/** The columns every submission table has, which the lead store fills itself (lead-store.ts). */
export type CommonSubmissionColumns = { created_at: number; viewed: 0 | 1; lead_id: number | null; touch: string | null };
/** A kind's own columns: its table's, but for the common ones and the id. */
export type OwnColumns<Row> = Omit<Insertable<Row>, "id" | keyof CommonSubmissionColumns>;

/**
 * Where and how a kind of submission is kept (src/server/leads/lead-store.ts reads only
 * this, never the kind's name): its columns, who sent it, what it asks for, and how the
 * back office reads a stored row.
 */
export interface SubmissionStorage<Data, Stored, Row> {
  /** The form's data as the table's own columns, with the sender's e-mail and phone keys. */
  columns(data: Data): OwnColumns<Row>;
  /** Adds a row; its id. */
  insert(executor: Kysely<Database>, columns: OwnColumns<Row>, common: CommonSubmissionColumns): Promise<{ id: number }>;
  /** Who sent a submission arriving at `at`: what joins it to a lead, and what the lead is searched by. */
  identity(columns: OwnColumns<Row>, at: number): SubmissionIdentity;
  /** Who sent each of a lead's rows of this kind. */
  identitiesOfLead(executor: Kysely<Database>, leadId: number): Promise<SubmissionIdentity[]>;
  /** The service it asks about, which a lead without one takes. */
  service(data: Data): LeadService | null;
  /** Whether the lead of the row `eb` reads has a submission of this kind asking about `service` (the desk's service filter). */
  asksAbout(eb: ExpressionBuilder<Database, "leads">, service: string): Expression<SqlBool>;
  /** The lead's score it sets: the latest survey says what the business is now; a contact request sets none. */
  score(data: Data): number | null;
  /** A stored row as the back office reads it. */
  record(row: Selectable<Row>): Stored;
}

/** How a field's value is written for the owner, where plain text is not enough. */
type Shown<Row, Text> = { readonly [Field in keyof Row]?: (value: Row[Field]) => Text };

/**
 * The server half of a kind of submission (the other half, schema, fields and labels, is
 * src/lib/validation/submission-forms.ts): the e-mail that tells the owner about one, and
 * the columns of its CSV export. Both list the form's fields in order, under their labels
 * in the e-mail and their names in the CSV header.
 */
export interface LeadKind<Data, Stored, Row> {
  readonly form: SubmissionForm<Data>;
  /** One line on what a stored submission asks for: the lead's timeline shows it. */
  summary(stored: Stored): string;
  readonly storage: SubmissionStorage<Data, Stored, Row>;
  readonly email: { readonly title: string; subject(data: Data): string; readonly show: Shown<Data, string> };
  /** After id, createdAt and status. */
  readonly csv: { readonly show: Shown<Stored, string> };
  /**
   * The e-mail that tells the visitor their submission arrived (src/server/leads/lead-notifications.ts):
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

export const leadKinds: { readonly [Kind in SubmissionKind]: LeadKind<SubmissionData[Kind], StoredSubmission[Kind], SubmissionRow[Kind]> } = {
  contact: {
    form: submissionForms.contact,
    summary: (stored) => `${projectTypeLabel(stored.projectType)}: ${stored.message}`,
    storage: {
      columns: (data) => ({
        name: data.name,
        email: data.email,
        phone: data.phone,
        project_type: data.projectType,
        source: data.source ?? null,
        message: data.message,
        email_key: emailKey(data.email),
        phone_key: phoneKey(data.phone),
      }),
      insert: (executor, columns, common) => executor.insertInto("contact_requests").values({ ...columns, ...common }).returning("id").executeTakeFirstOrThrow(),
      identity: (columns, at) => contactIdentity({ ...columns, created_at: at }),
      identitiesOfLead: async (executor, leadId) =>
        (await executor.selectFrom("contact_requests").select(["created_at", "name", "email", "phone", "message"]).where("lead_id", "=", leadId).execute()).map(contactIdentity),
      service: (data) => serviceOfContact(data.projectType),
      asksAbout: (eb, service) =>
        eb.exists(eb.selectFrom("contact_requests").select(sql.lit(1).as("one")).whereRef("contact_requests.lead_id", "=", "leads.id").where("contact_requests.project_type", "=", service)),
      score: () => null,
      record: (row) => ({
        id: row.id,
        createdAt: isoFromMillis(row.created_at),
        viewed: readBoolean(row.viewed),
        name: row.name,
        email: row.email,
        phone: row.phone,
        projectType: row.project_type,
        source: row.source,
        message: row.message,
      }),
    },
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
    summary: (stored) => `Survey: ${stored.interestedServices.map(surveyServiceLabel).join(", ") || "no services chosen"}`,
    storage: {
      columns: (data) => ({
        business_name: data.businessName,
        email: data.email,
        phone_number: data.phoneNumber,
        address: data.address,
        employee_count: data.employeeCount,
        device_count: data.deviceCount,
        primary_internet_use: data.primaryInternetUse,
        uses_streaming: writeBoolean(data.usesStreaming),
        has_public_wifi: writeBoolean(data.hasPublicWifi),
        phone_count: data.phoneCount,
        interested_services: JSON.stringify(data.interestedServices),
        additional_comments: data.additionalComments,
        email_key: emailKey(data.email),
        phone_key: phoneKey(data.phoneNumber),
      }),
      insert: (executor, columns, common) => executor.insertInto("survey_submissions").values({ ...columns, ...common }).returning("id").executeTakeFirstOrThrow(),
      identity: (columns, at) => surveyIdentity({ ...columns, created_at: at }),
      identitiesOfLead: async (executor, leadId) =>
        (
          await executor
            .selectFrom("survey_submissions")
            .select(["created_at", "business_name", "email", "phone_number", "address", "primary_internet_use", "additional_comments"])
            .where("lead_id", "=", leadId)
            .execute()
        ).map(surveyIdentity),
      service: (data) => serviceOfSurvey(data.interestedServices),
      asksAbout: (eb, service) =>
        eb.exists(
          eb
            .selectFrom("survey_submissions")
            .select(sql.lit(1).as("one"))
            .whereRef("survey_submissions.lead_id", "=", "leads.id")
            // A JSON array of ids (`columns` above); ids are plain slugs, so the quoted id is exact.
            .where("survey_submissions.interested_services", "like", `%"${service}"%`),
        ),
      score: (data) => qualifySurvey(data).score,
      record: (row) => ({
        id: row.id,
        createdAt: isoFromMillis(row.created_at),
        viewed: readBoolean(row.viewed),
        businessName: row.business_name,
        email: row.email,
        phoneNumber: row.phone_number,
        address: row.address,
        employeeCount: row.employee_count,
        deviceCount: row.device_count,
        primaryInternetUse: row.primary_internet_use,
        usesStreaming: readBoolean(row.uses_streaming),
        hasPublicWifi: readBoolean(row.has_public_wifi),
        phoneCount: row.phone_count,
        interestedServices: parseList(row.interested_services),
        additionalComments: row.additional_comments,
      }),
    },
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

/** A stored JSON list of strings; a damaged cell reads as an empty list rather than taking a whole inbox down. */
export function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
