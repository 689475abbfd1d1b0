/** §3 survey service ids and their labels (Starlink Business included). */
export const surveyServices = [
  { value: "security-cameras", label: "IP Security Cameras" },
  { value: "web-design", label: "Website Design" },
  { value: "voip", label: "VoIP Phone Systems" },
  { value: "managed-it", label: "Managed IT Services" },
  { value: "guest-wifi", label: "Guest WiFi Portal" },
  { value: "fiber", label: "Fiber Internet" },
  { value: "starlink", label: "Starlink Business" },
] as const;

export type SurveyService = (typeof surveyServices)[number]["value"];

export const surveyServiceValues = surveyServices.map((service) => service.value) as [SurveyService, ...SurveyService[]];

export function surveyServiceLabel(value: string): string {
  return surveyServices.find((service) => service.value === value)?.label ?? value;
}
