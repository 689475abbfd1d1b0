import type { QuoteCatalogItem } from "@/lib/quotes/quote-types";

/**
 * What the owner quotes most, with list prices in cents: one-time work (cabling, cameras,
 * installs) and monthly services. Each `service` is a slug of src/content/services.ts. The
 * desk builds lines from these (GET /api/admin/quote-catalog); a price can be changed on
 * the line. The survey's draft (src/server/quotes/quote-draft.ts) picks from these ids.
 */
export const quoteCatalog = [
  { id: "managed-internet", service: "managed-internet", name: "Managed internet with failover", unitCents: 14_900, billing: "monthly" },
  { id: "failover-router", service: "managed-internet", name: "Failover router, installed and configured", unitCents: 64_900, billing: "one-time" },
  { id: "sd-wan-site", service: "sd-wan", name: "SD-WAN, per site", unitCents: 19_900, billing: "monthly" },
  { id: "voip-seat", service: "voip-phone-systems", name: "VoIP phone line, per seat", unitCents: 2_900, billing: "monthly" },
  { id: "desk-phone", service: "voip-phone-systems", name: "Desk phone, installed", unitCents: 18_900, billing: "one-time" },
  { id: "camera-install", service: "security-cameras", name: "Security camera, supplied and installed", unitCents: 42_500, billing: "one-time" },
  { id: "camera-monitoring", service: "security-cameras", name: "Camera recording and remote viewing", unitCents: 3_900, billing: "monthly" },
  { id: "cable-drop", service: "network-cabling", name: "Network cable drop (Cat6, terminated and tested)", unitCents: 17_500, billing: "one-time" },
  { id: "support-device", service: "it-support", name: "IT support, per device", unitCents: 1_500, billing: "monthly" },
  { id: "guest-wifi", service: "managed-internet", name: "Guest Wi-Fi, separated from the business network", unitCents: 39_900, billing: "one-time" },
  { id: "starlink-install", service: "starlink", name: "Starlink installation", unitCents: 59_900, billing: "one-time" },
] as const satisfies readonly (QuoteCatalogItem & { service: string })[];

export type QuoteCatalogId = (typeof quoteCatalog)[number]["id"];
