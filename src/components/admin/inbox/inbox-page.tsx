import type { SubmissionKind } from "@/lib/lead-desk";
import { type AdminPageProps } from "../shared/admin-root";
import { AdminShell } from "../shared/admin-shell";
import { contactInbox, surveyInbox } from "./inbox-kinds";
import { LeadInbox } from "./lead-inbox";

/** Each kind's inbox screen, with its own row type. */
const screens = {
  survey: { route: surveyInbox.route, Screen: () => <LeadInbox of={surveyInbox} /> },
  contact: { route: contactInbox.route, Screen: () => <LeadInbox of={contactInbox} /> },
} satisfies Record<SubmissionKind, unknown>;

/** The island of an inbox page: /admin/surveys or /admin/contacts. */
export function InboxPage({ kind, styleNonce }: AdminPageProps & { kind: SubmissionKind }) {
  const { route, Screen } = screens[kind];
  return (
    <AdminShell styleNonce={styleNonce} current={route}>
      <Screen />
    </AdminShell>
  );
}
