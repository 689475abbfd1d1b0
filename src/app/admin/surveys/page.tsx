import type { Metadata } from "next";
import { AdminShell } from "@/components/admin/admin-shell";
import { SurveyInbox } from "@/components/admin/survey-inbox";

export const metadata: Metadata = { title: "Survey Submissions" };

/** §2 /admin/surveys, behind the auth check of §4. */
export default function AdminSurveysPage() {
  return (
    <AdminShell>
      <SurveyInbox />
    </AdminShell>
  );
}
