import { services } from "@/content/services";
import type { LeadQualification } from "@/lib/lead-desk";
import { surveyServiceLabel } from "@/lib/validation/survey-services";

/**
 * Survey qualification: how much work a survey promises (a score from 0 to 100) and what
 * to offer (a package), with the facts that led there. THE place to change the rules
 * (docs/lead-qualification.md): edit a table below and the desk, the sort by score and the
 * reason line follow. Stored scores of existing leads are refreshed when a survey comes in;
 * after changing a table, `npm run db:rescore-leads` recomputes them all.
 *
 * Read it like a price sheet, top to bottom:
 * 1. POINTS: each fact of the survey earns points; the total (at most 100) is the score.
 * 2. MAIN_LINE: the first row whose condition holds is the package's service line.
 * 3. ADD_ONS: every row whose condition holds adds to the package, in this order.
 * The reasons are the facts that earned points, in POINTS order.
 */

/** What the rules read of a survey (src/lib/validation/survey-schema.ts). */
export type QualifyingSurvey = {
  employeeCount: number;
  deviceCount: number;
  phoneCount: number;
  primaryInternetUse: string;
  usesStreaming: boolean;
  hasPublicWifi: boolean;
  interestedServices: readonly string[];
};

/**
 * Points by the size of the business. A row applies from its `from` up to the next row.
 * Why these steps: under 5 people the owner usually runs the network themselves; from 10
 * a dropped line stops paid staff, so failover pays for itself; from 25 a business has a
 * closet, several switches and often a second site; 50 and more is our largest customer.
 */
const EMPLOYEE_POINTS = [
  { from: 1, points: 5 },
  { from: 5, points: 10 },
  { from: 10, points: 20 },
  { from: 25, points: 25 },
  { from: 50, points: 30 },
] as const;

/**
 * Points by connected devices: a handful of laptops needs little; 25 and more (cards
 * readers, cameras, printers, phones) is a managed network; 100 and more is several
 * networks that SD-WAN ties together. Fewer than 10 earns nothing and gives no reason.
 */
const DEVICE_POINTS = [
  { from: 0, points: 0 },
  { from: 10, points: 5 },
  { from: 25, points: 15 },
  { from: 50, points: 20 },
  { from: 100, points: 25 },
] as const;

/** Points by phone lines needed: each line is a VoIP seat we would install and bill monthly. */
const PHONE_LINE_POINTS = [
  { from: 0, points: 0 },
  { from: 1, points: 5 },
  { from: 5, points: 10 },
  { from: 15, points: 15 },
] as const;

/** Public WiFi for customers: a separate guest network and portal, and a line that must not drop. */
const PUBLIC_WIFI_POINTS = 10;
/** Streaming video or music: bandwidth to plan for. */
const STREAMING_POINTS = 5;
/** The internet runs the till or the work: a failover line is easy to justify. Counted once. */
const CRITICAL_USE_POINTS = 5;
/** Each service the survey asked about shows intent, up to this many points in all. */
const INTEREST_POINTS_EACH = 5;
const INTEREST_POINTS_MAX = 10;

/** Words in "Primary internet use" that mean the business stops without its line, and the reason shown. */
const CRITICAL_USES = [
  { pattern: /\b(card|cards|payments?|pos|point of sale|register|checkout)\b/i, reason: "card payments" },
  { pattern: /\b(cloud|saas|microsoft 365|office 365|google workspace|quickbooks online|ehr|emr|charts?)\b/i, reason: "cloud software" },
  { pattern: /\b(video calls?|zoom|teams|webex|telehealth|meetings?)\b/i, reason: "video calls" },
] as const;

/** The service lines by slug (src/content/services.ts), so a renamed service renames its package. */
const LINE = Object.fromEntries(services.map((service) => [service.slug, service.title])) as Record<string, string>;

/** Add-ons that are not a service line of their own. */
const GUEST_WIFI = "Guest WiFi";

type Facts = QualifyingSurvey & { wants: (service: string) => boolean; criticalUses: string[] };

/**
 * The package's service line: the first row that holds. Temporary Event Internet is
 * never suggested: the survey asks about a place of business, not an event.
 */
const MAIN_LINE: readonly { when: (facts: Facts) => boolean; line: string; why: string }[] = [
  {
    when: (facts) => facts.deviceCount >= 100 || facts.employeeCount >= 50,
    line: "sd-wan",
    why: "100+ devices or 50+ people: several lines and sites to steer traffic over",
  },
  {
    when: (facts) => facts.employeeCount >= 10 || facts.deviceCount >= 25 || facts.hasPublicWifi || facts.criticalUses.length > 0 || facts.wants("fiber") || facts.wants("guest-wifi"),
    line: "managed-internet",
    why: "staff, customers or payments depend on the line: a managed line with failover",
  },
  { when: (facts) => facts.wants("starlink"), line: "starlink", why: "asked about Starlink: usually no good wired line" },
  { when: (facts) => facts.wants("managed-it"), line: "it-support", why: "asked about managed IT" },
  { when: (facts) => facts.phoneCount >= 1 || facts.wants("voip"), line: "voip-phone-systems", why: "needs phone lines" },
  { when: (facts) => facts.wants("security-cameras"), line: "security-cameras", why: "asked about cameras" },
  { when: (facts) => facts.wants("web-design"), line: "web-design", why: "asked about a website" },
  { when: () => true, line: "it-support", why: "a small office: start with support and grow from there" },
];

/** What else to offer, each row independently, in this order; the main line is never repeated. */
const ADD_ONS: readonly { when: (facts: Facts) => boolean; offer: string }[] = [
  { when: (facts) => facts.hasPublicWifi || facts.wants("guest-wifi"), offer: GUEST_WIFI },
  // Three lines or more is a phone system rather than a couple of cell phones.
  { when: (facts) => facts.phoneCount >= 3 || facts.wants("voip"), offer: "voip-phone-systems" },
  { when: (facts) => facts.wants("starlink"), offer: "starlink" },
  { when: (facts) => facts.wants("security-cameras"), offer: "security-cameras" },
  // 50 devices and more outgrow daisy-chained switches: a cabling survey is worth quoting.
  { when: (facts) => facts.deviceCount >= 50, offer: "network-cabling" },
  { when: (facts) => facts.wants("managed-it") || facts.employeeCount >= 25, offer: "it-support" },
  { when: (facts) => facts.wants("web-design"), offer: "web-design" },
];

function stepPoints(steps: readonly { from: number; points: number }[], value: number): number {
  let points = 0;
  for (const step of steps) if (value >= step.from) points = step.points;
  return points;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function offerName(offer: string): string {
  return LINE[offer] ?? offer;
}

function factsOf(survey: QualifyingSurvey): Facts {
  const interests = [...new Set(survey.interestedServices)];
  return {
    ...survey,
    wants: (service) => interests.includes(service),
    criticalUses: CRITICAL_USES.filter((use) => use.pattern.test(survey.primaryInternetUse)).map((use) => use.reason),
  };
}

/** The package as offers: the main service line's slug, then each add-on (a slug, or GUEST_WIFI). A quote's draft starts from these. */
export function packageOffers(survey: QualifyingSurvey): { main: string; addOns: string[] } {
  const facts = factsOf(survey);
  const main = MAIN_LINE.find((row) => row.when(facts))!.line;
  return { main, addOns: ADD_ONS.filter((row) => row.offer !== main && row.when(facts)).map((row) => row.offer) };
}

export { GUEST_WIFI };

/** The score, package and reasons of one survey. */
export function qualifySurvey(survey: QualifyingSurvey): LeadQualification {
  const interests = [...new Set(survey.interestedServices)];
  const facts = factsOf(survey);

  const reasons: string[] = [];
  let score = 0;
  const earn = (points: number, reason: string) => {
    if (points <= 0) return;
    score += points;
    reasons.push(reason);
  };
  earn(stepPoints(EMPLOYEE_POINTS, survey.employeeCount), plural(survey.employeeCount, "employee", "employees"));
  earn(stepPoints(DEVICE_POINTS, survey.deviceCount), plural(survey.deviceCount, "device", "devices"));
  earn(stepPoints(PHONE_LINE_POINTS, survey.phoneCount), plural(survey.phoneCount, "phone line", "phone lines"));
  if (survey.hasPublicWifi) earn(PUBLIC_WIFI_POINTS, "public WiFi");
  if (survey.usesStreaming) earn(STREAMING_POINTS, "streaming");
  if (facts.criticalUses.length > 0) earn(CRITICAL_USE_POINTS, facts.criticalUses.join(" and "));
  if (interests.length > 0) earn(Math.min(INTEREST_POINTS_MAX, INTEREST_POINTS_EACH * interests.length), `asked about ${interests.map(surveyServiceLabel).join(" and ")}`);

  const { main, addOns } = packageOffers(survey);
  return { score: Math.min(100, score), package: [main, ...addOns].map(offerName).join(" + "), reasons };
}

/** The qualification of the survey that decides (the latest), or null without a survey. */
export function qualifyLatestSurvey<Row extends QualifyingSurvey & { submittedAt: number; id: number }>(surveys: readonly Row[]): LeadQualification | null {
  const latest = [...surveys].sort((a, b) => b.submittedAt - a.submittedAt || b.id - a.id)[0];
  return latest ? qualifySurvey(latest) : null;
}
