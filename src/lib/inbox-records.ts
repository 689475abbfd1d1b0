/**
 * One item of each back-office inbox as the admin API sends it (§3 fields plus id,
 * createdAt and viewed): what the list and the detail dialog show, and nothing else.
 * src/server/db builds these from its rows; the admin screens only read them.
 */
export type SurveySubmission = {
  id: number;
  createdAt: string;
  viewed: boolean;
  businessName: string;
  email: string;
  phoneNumber: string;
  address: string;
  employeeCount: number;
  deviceCount: number;
  primaryInternetUse: string;
  usesStreaming: boolean;
  hasPublicWifi: boolean;
  phoneCount: number;
  interestedServices: string[];
  additionalComments: string;
};

export type ContactRequest = {
  id: number;
  createdAt: string;
  viewed: boolean;
  name: string;
  email: string;
  phone: string;
  projectType: string;
  /** The preset or page the visitor came from; null for the plain contact page. */
  source: string | null;
  message: string;
};
