import { surveyServiceLabel } from "@/lib/validation/survey-services";
import type { SurveySubmission } from "@/lib/inbox-records";
import { DetailSection } from "./detail-section";
import { LeadDetailDialog } from "./lead-detail-dialog";

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** Every answer of a survey, services by their labels (the dialog and the lead page). */
export function SurveyDetails({ survey }: { survey: SurveySubmission }) {
  return (
    <>
      <DetailSection
        title="Business Information"
        items={[
          { label: "Business Name", value: survey.businessName },
          { label: "Email", value: survey.email },
          { label: "Phone", value: survey.phoneNumber },
          { label: "Address", value: survey.address },
        ]}
      />
      <DetailSection
        title="Internet Usage"
        items={[
          { label: "Employees", value: survey.employeeCount },
          { label: "Devices", value: survey.deviceCount },
          { label: "Primary Use", value: survey.primaryInternetUse },
          { label: "Uses Streaming", value: yesNo(survey.usesStreaming) },
          { label: "Public WiFi", value: yesNo(survey.hasPublicWifi) },
        ]}
      />
      <DetailSection title="Phone System" items={[{ label: "Number of Phones", value: survey.phoneCount }]} />
      <DetailSection title="Interested Services">
        {survey.interestedServices.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {survey.interestedServices.map((service) => (
              <li key={service} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
                {surveyServiceLabel(service)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">None selected</p>
        )}
      </DetailSection>
      <DetailSection title="Additional Comments">
        <p className="whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{survey.additionalComments || "None provided"}</p>
      </DetailSection>
    </>
  );
}

/** §2 survey detail: every answer, services by their labels, then Close and Delete Survey. */
export function SurveyDetailDialog({
  row: survey,
  deleting,
  onClose,
  onDelete,
}: {
  row: SurveySubmission | undefined;
  deleting: boolean;
  onClose: () => void;
  onDelete: (survey: SurveySubmission) => void;
}) {
  return (
    <LeadDetailDialog
      open={survey !== undefined}
      title={survey?.businessName ?? ""}
      description={survey ? `Survey submitted ${new Date(survey.createdAt).toLocaleString()}` : ""}
      deleteLabel="Delete Survey"
      deleting={deleting}
      onClose={onClose}
      onDelete={() => survey && onDelete(survey)}
    >
      {survey && <SurveyDetails survey={survey} />}
    </LeadDetailDialog>
  );
}
