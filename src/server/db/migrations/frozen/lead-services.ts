/*
 * FROZEN. The service line of a submission as migration 0009_lead_insight filled it: a copy of serviceOfContact and
 * serviceOfSurvey (src/lib/lead-services.ts) with the project types and survey interests as of commit 1e6039f
 * (2026-11-27).
 */

const contactServices = [
  "temporary-event-internet",
  "managed-internet",
  "voip-phone-systems",
  "security-cameras",
  "network-cabling",
  "it-support",
  "web-design",
  "other",
  "starlink",
];

const surveyServiceLines: Record<string, string> = {
  "security-cameras": "security-cameras",
  "web-design": "web-design",
  voip: "voip-phone-systems",
  "managed-it": "it-support",
  "guest-wifi": "managed-internet",
  fiber: "managed-internet",
  starlink: "starlink",
};

export function serviceOfContact(projectType: string): string | null {
  return contactServices.includes(projectType) ? projectType : null;
}

/** A survey's first interest; none stated gives none. */
export function serviceOfSurvey(interestedServices: readonly string[]): string | null {
  const first = interestedServices.find((service) => Object.hasOwn(surveyServiceLines, service));
  return first ? surveyServiceLines[first]! : null;
}
