/** The survey form's starting values (§5), apart from its schema so the form renders without zod. */
export const surveyDefaults = {
  businessName: "",
  email: "",
  phoneNumber: "",
  address: "",
  employeeCount: 1,
  deviceCount: 0,
  primaryInternetUse: "",
  usesStreaming: false,
  hasPublicWifi: false,
  phoneCount: 0,
  interestedServices: [] as string[],
  additionalComments: "",
};
