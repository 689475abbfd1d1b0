import { type ProjectType, projectTypeLabel, projectTypes } from "@/lib/validation/project-types";
import type { SurveyService } from "@/lib/validation/survey-services";

/**
 * The service line a lead is about, for the desk and its reports: the contact form's
 * project types (the site's service slugs and "other") and Starlink, which only the
 * survey names. A lead's service is the one its first submission names.
 */
export const leadServices = [...projectTypes, { value: "starlink", label: "Starlink Business" }] as const;
export type LeadService = ProjectType | "starlink";

export const leadServiceValues = leadServices.map((service) => service.value) as [LeadService, ...LeadService[]];

/** The survey's interests in the service lines they belong to. */
const surveyServiceLines: Record<SurveyService, LeadService> = {
  "security-cameras": "security-cameras",
  "web-design": "web-design",
  voip: "voip-phone-systems",
  "managed-it": "it-support",
  "guest-wifi": "managed-internet",
  fiber: "managed-internet",
  starlink: "starlink",
};

export function isLeadService(value: unknown): value is LeadService {
  return typeof value === "string" && leadServiceValues.includes(value as LeadService);
}

export function serviceOfContact(projectType: string): LeadService | null {
  return isLeadService(projectType) ? projectType : null;
}

/** A survey's first interest; none stated gives none. */
export function serviceOfSurvey(interestedServices: readonly string[]): LeadService | null {
  const first = interestedServices.find((service): service is SurveyService => Object.hasOwn(surveyServiceLines, service));
  return first ? surveyServiceLines[first] : null;
}

export function leadServiceLabel(value: string | null): string {
  if (value === null) return "Not stated";
  return value === "starlink" ? "Starlink Business" : projectTypeLabel(value);
}
