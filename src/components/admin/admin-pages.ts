import { routes } from "@/lib/routes";

/** The back-office screens, each at its own path. Contacts is not in the spec's route table. */
export const adminPages = {
  login: routes.adminLogin,
  surveys: routes.adminSurveys,
  contacts: routes.adminContacts,
  account: routes.adminAccount,
} as const;

export type AdminPage = keyof typeof adminPages;

/** Each screen's page title (the brand is appended by pageTitle). */
export const adminPageTitles: Record<AdminPage, string> = {
  login: "Admin Login",
  surveys: "Survey Submissions",
  contacts: "Contact Requests",
  account: "Account",
};

/** The screen at a path, or undefined for a path the back office does not have. */
export function adminPageAt(pathname: string): AdminPage | undefined {
  return (Object.keys(adminPages) as AdminPage[]).find((page) => adminPages[page] === pathname);
}
