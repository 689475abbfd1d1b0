import { routes } from "@/lib/routes";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { SurveyInbox } from "./survey-inbox";

/** The island of /admin/surveys. */
export function SurveysPage({ styleNonce }: AdminPageProps) {
  return (
    <AdminShell styleNonce={styleNonce} current={routes.adminSurveys}>
      <SurveyInbox />
    </AdminShell>
  );
}
