/** §3 project type options of the contact form, as slug and label. */
export const projectTypes = [
  { value: "temporary-event-internet", label: "Temporary Event Internet" },
  { value: "managed-internet", label: "Managed Internet & Failover" },
  { value: "voip-phone-systems", label: "VoIP Phone Systems" },
  { value: "security-cameras", label: "Security Cameras" },
  { value: "network-cabling", label: "Network Cabling" },
  { value: "it-support", label: "IT Support" },
  { value: "web-design", label: "Web Design & Hosting" },
  { value: "other", label: "Other" },
] as const;

export type ProjectType = (typeof projectTypes)[number]["value"];

export const projectTypeValues = projectTypes.map((option) => option.value) as [ProjectType, ...ProjectType[]];

/**
 * Every `?service=` value the site links with, and the option it preselects.
 * The original value is stored with the request as its source, so the owner knows
 * which button the visitor pressed.
 */
export const contactPresets = {
  "temporary-event-internet": "temporary-event-internet",
  "managed-internet": "managed-internet",
  "voip-phone-systems": "voip-phone-systems",
  "security-cameras": "security-cameras",
  "network-cabling": "network-cabling",
  "it-support": "it-support",
  "web-design": "web-design",
  other: "other",
  quote: "other",
  consultation: "other",
  "network-consultation": "managed-internet",
  "sd-wan": "managed-internet",
  starlink: "managed-internet",
  "starlink-consultation": "managed-internet",
  "event-wifi": "temporary-event-internet",
} as const satisfies Record<string, ProjectType>;

export type ContactPreset = keyof typeof contactPresets;

export const contactPresetValues = Object.keys(contactPresets) as [ContactPreset, ...ContactPreset[]];

/** What the visitor pressed, in words the owner reads in the inbox. */
export const contactPresetLabels: Record<ContactPreset, string> = {
  "temporary-event-internet": "Temporary Event Internet",
  "managed-internet": "Managed Internet & Failover",
  "voip-phone-systems": "VoIP Phone Systems",
  "security-cameras": "Security Cameras",
  "network-cabling": "Network Cabling",
  "it-support": "IT Support",
  "web-design": "Web Design & Hosting",
  other: "Other",
  quote: "Get a Free Quote",
  consultation: "Schedule a Consultation",
  "network-consultation": "Network consultation (SD-WAN article)",
  "sd-wan": "SD-WAN service page",
  starlink: "Starlink service page",
  "starlink-consultation": "Starlink consultation (Starlink article)",
  "event-wifi": "Event WiFi (event article)",
};

export function isContactPreset(value: unknown): value is ContactPreset {
  return typeof value === "string" && Object.hasOwn(contactPresets, value);
}

/** The preselection for a `?service=` value; unknown values preselect nothing. */
export function resolveContactPreset(value: string | string[] | undefined): { source: ContactPreset; projectType: ProjectType } | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!isContactPreset(raw)) return null;
  return { source: raw, projectType: contactPresets[raw] };
}

export function projectTypeLabel(value: string): string {
  return projectTypes.find((option) => option.value === value)?.label ?? value;
}
