import { type QuoteCatalogId, quoteCatalog } from "@/content/quote-catalog";
import type { QuoteLineInput } from "@/lib/quotes/quote-schema";
import { getDb } from "@/server/db/connection";
import { readBoolean } from "@/server/db/schema";
import { GUEST_WIFI, packageOffers, type QualifyingSurvey } from "@/server/leads/lead-qualification";

/** What each offer of the survey's package puts on a quote: catalogue items and how many (from the survey's counts). */
const OFFER_LINES: Record<string, readonly { id: QuoteCatalogId; quantity: (survey: QualifyingSurvey) => number }[]> = {
  "managed-internet": [
    { id: "managed-internet", quantity: () => 1 },
    { id: "failover-router", quantity: () => 1 },
  ],
  "sd-wan": [{ id: "sd-wan-site", quantity: () => 1 }],
  "voip-phone-systems": [
    { id: "voip-seat", quantity: (survey) => survey.phoneCount },
    { id: "desk-phone", quantity: (survey) => survey.phoneCount },
  ],
  "security-cameras": [
    { id: "camera-install", quantity: () => 4 },
    { id: "camera-monitoring", quantity: () => 4 },
  ],
  "network-cabling": [{ id: "cable-drop", quantity: (survey) => survey.deviceCount }],
  "it-support": [{ id: "support-device", quantity: (survey) => survey.deviceCount }],
  starlink: [{ id: "starlink-install", quantity: () => 1 }],
  [GUEST_WIFI]: [{ id: "guest-wifi", quantity: () => 1 }],
};

/**
 * GET /api/admin/leads/{id}/quote-draft: lines for a new quote from the lead's latest survey
 * (src/server/leads/lead-qualification.ts): the package's main service as required lines, its
 * add-ons as optional ones, phones and devices as quantities. Empty without a survey. Offers
 * we do not quote from the catalogue (a website) are left for the owner to type.
 */
export async function quoteDraftLines(leadId: number): Promise<QuoteLineInput[]> {
  const db = await getDb();
  const row = await db.selectFrom("survey_submissions").selectAll().where("lead_id", "=", leadId).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
  if (!row) return [];
  const survey: QualifyingSurvey = {
    employeeCount: Number(row.employee_count),
    deviceCount: Number(row.device_count),
    phoneCount: Number(row.phone_count),
    primaryInternetUse: row.primary_internet_use,
    usesStreaming: readBoolean(row.uses_streaming),
    hasPublicWifi: readBoolean(row.has_public_wifi),
    interestedServices: JSON.parse(row.interested_services) as string[],
  };
  const { main, addOns } = packageOffers(survey);
  return [main, ...addOns].flatMap((offer, index) =>
    (OFFER_LINES[offer] ?? []).map(({ id, quantity }) => {
      const item = quoteCatalog.find((entry) => entry.id === id)!;
      return { catalogId: id, description: item.name, quantity: Math.max(1, quantity(survey)), unitCents: item.unitCents, billing: item.billing, optional: index > 0 };
    }),
  );
}
