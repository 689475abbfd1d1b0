import { routes } from "@/lib/routes";

/** The admin screens. Contacts is not in the spec's route table, so it is named here. */
export const adminPages = {
  login: routes.adminLogin,
  surveys: routes.adminSurveys,
  contacts: "/admin/contacts",
} as const;
