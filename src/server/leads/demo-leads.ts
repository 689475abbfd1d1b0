import type { Insertable, Kysely } from "kysely";
import { site } from "@/content/site";
import type { LeadChannel, Touch } from "@/lib/attribution/touch";
import type { VisitSignals } from "@/lib/attribution/visit-signals";
import type { CallOutcome, FollowUpType, LeadStatus, LostReason, SubmissionKind } from "@/lib/lead-desk";
import { type LeadService, serviceOfContact, serviceOfSurvey } from "@/lib/lead-services";
import type { ProjectType } from "@/lib/validation/project-types";
import type { SurveyService } from "@/lib/validation/survey-services";
import { writeLeadSearchMany } from "@/server/db/dialect";
import type { ContactRequestsTable, Database, LeadEventsTable, LeadSource, LeadsTable, SurveySubmissionsTable } from "@/server/db/schema";
import { businessDate, startOfBusinessDay } from "@/server/business-time";
import { rescoreLeads } from "@/server/leads/lead-store";
import { contactIdentity, emailKey, leadSearchBody, newLeadIdentity, phoneKey, type SubmissionIdentity, surveyIdentity } from "./lead-identity";
import { touchOf } from "./lead-touches";

/*
 * Fictional leads for a database to look around in (npm run db:seed-demo) and to
 * measure the desk against (npm run bench:desk). Every name, address and number is
 * made up: phones are in the 555-01xx range, e-mails on example domains. The same
 * seed and the same `now` give the same leads.
 *
 * The leads are meant to read like a real year of a small business (issue 29), so the
 * desk's reports, Today and the agenda have something true-looking to show:
 * - more leads in spring and autumn and on weekdays, in the daytime of the business's zone;
 * - each web submission carries the touch the browser would have sent, its channel
 *   worked out by the product's own rule (touchOf), in the mix a local business sees;
 *   a few people reach the owner by phone or in person instead (quick add's leads);
 * - the older a lead, the further down the pipeline it is, with each milestone after the
 *   one before it, all in the past, and the timeline events saying the same;
 * - open leads have follow-ups: some overdue, some today, most in the next two weeks;
 * - some people write again weeks or months later, some after they were Won or Lost,
 *   which brings them back to Today as the receive path would.
 */

const FIRST = ["Dana", "Eli", "Maya", "Jonah", "Priya", "Luis", "Grace", "Omar", "Hannah", "Caleb", "Rosa", "Wes", "Nina", "Tobias", "Keisha", "Arjun", "Molly", "Reid", "Ines", "Darnell", "Sofia", "Bram", "Leah", "Quentin"];
const LAST = ["Whitfield", "Park", "Okafor", "Lindqvist", "Reyes", "Brennan", "Castillo", "Nguyen", "Hollis", "Baptiste", "Marsh", "Goldberg", "Tran", "Ashby", "Mendoza", "Carver", "Kowalski", "Duval", "Pruitt", "Haddad"];
const BUSINESS_FIRST = ["Blue Heron", "Saluda", "Pine Ridge", "Reedy River", "Table Rock", "Paris Mountain", "Swamp Rabbit", "Falls Park", "Cedar Lane", "Upstate", "Main Street", "Foothills"];
const BUSINESS_LAST = ["Dental", "Law Group", "Veterinary Clinic", "Coffee Co.", "Brewing", "Realty", "Auto Repair", "Fitness", "Family Practice", "Outfitters", "Bakery", "Event Rentals", "Church", "Insurance"];
const STREETS = ["Main St", "Augusta Rd", "Pendleton St", "Wade Hampton Blvd", "Laurens Rd", "Poinsett Hwy", "Church St", "Stone Ave"];
const TOWNS = ["Greenville, SC 29601", "Travelers Rest, SC 29690", "Greer, SC 29650", "Easley, SC 29640", "Simpsonville, SC 29681", "Spartanburg, SC 29306"];
/** 20 area codes of 10,000 numbers each in the 555 exchange: one number per lead up to 200,000 leads. */
const AREA_CODES = ["864", "803", "828", "704", "843", "919", "336", "252", "910", "980", "423", "865", "706", "762", "912", "229", "478", "678", "770", "404"];
const USES = ["Point of sale and card payments", "Video calls and cloud files", "Imaging and patient charts", "Guest Wi-Fi and music streaming", "Design files and large uploads"];
const MESSAGES: Record<ProjectType, string[]> = {
  "temporary-event-internet": ["We have an outdoor festival for 3,000 people in May and need Wi-Fi for vendors.", "Need internet at a wedding venue for one weekend, with a backup.", "Card readers at our fall craft fair kept failing last year; can you cover the fairgrounds?"],
  "managed-internet": ["Our internet drops twice a week; we need failover for two offices.", "Looking for managed internet with a backup line for the clinic.", "The cable line goes down every storm and the registers stop."],
  "voip-phone-systems": ["We want to replace our old phone system, about 12 handsets.", "Can you move our numbers to VoIP and keep the main line?", "Need a phone tree and voicemail to e-mail for the front desk."],
  "security-cameras": ["Cameras for the warehouse dock and the parking lot, please.", "We need 8 cameras with remote viewing on our phones.", "Someone broke into the shed last month; we want cameras that record at night."],
  "network-cabling": ["New office buildout, 24 drops and a small rack.", "Cabling for a second floor we are moving into next month.", "The closet is a mess of cables; can you clean it up and label it?"],
  "it-support": ["Printers keep dropping off the network and email is slow.", "Looking for monthly IT support for a 10-person office.", "Our only IT person left; we need someone to take over the laptops and backups."],
  "web-design": ["Our website is out of date and does not work on phones.", "Need a simple site with online booking.", "We need a site for the new location with our hours and a contact form."],
  other: ["Not sure what we need; can someone come take a look?", "Questions about pricing for a small office setup.", "We are opening in the spring and need everything: internet, Wi-Fi, phones."],
};
/** What someone writes when they come back after the owner answered them. */
const CAME_BACK_MESSAGES = [
  "Checking back in: are you still able to help with this?",
  "We are ready to move ahead now if the offer still stands.",
  "We are opening a second location and need the same setup there.",
  "Something else came up since we last talked; could you call me?",
];
const NOTES = ["Prefers a call after 3 pm.", "Sent the quote by e-mail.", "Wants to start next month.", "Asked about Starlink as a backup.", "Owner is the decision maker.", "Comparing with the cable company.", "Site visit went well; needs a second quote for the annex."];
const OFFLINE_NOTES = ["Called from the yard sign.", "Stopped by the office after seeing the van.", "Met at the chamber breakfast; wants a call back.", "Referred by a customer on Main St."];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
/** How long the browser keeps a first touch (touch-storage.ts): a later visit starts a new one. */
const FIRST_TOUCH_LIFETIME = 90 * DAY;

/** A small seeded generator (mulberry32), so the same seed gives the same leads. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** One of the keys, as often as its weight says. */
  const weighted = <T extends string>(weights: Readonly<Record<T, number>>): T => {
    const entries = Object.entries(weights) as [T, number][];
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  };
  return { next, int, weighted, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}
type Random = ReturnType<typeof random>;

export type DemoOptions = {
  leads: number;
  /** Submissions per lead on average (at least one each): repeats that would fall after `now` are left out. */
  submissionsPerLead: number;
  /** The newest lead arrives just before this time; the oldest this many days before. */
  now: number;
  spanDays: number;
  seed: number;
  /** Numbers the fictional people and e-mails from here, so a second batch does not join the first. */
  firstNumber?: number;
};

type DemoLead = {
  lead: Omit<Insertable<LeadsTable>, "id">;
  contacts: Omit<Insertable<ContactRequestsTable>, "id" | "lead_id">[];
  surveys: Omit<Insertable<SurveySubmissionsTable>, "id" | "lead_id">[];
  events: Omit<Insertable<LeadEventsTable>, "id" | "lead_id">[];
};

/** The same calendar day `days` later (earlier when negative), YYYY-MM-DD. */
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** `date` at hour:minute on the business's clock. */
function businessTime(date: string, hour: number, minute: number): number {
  return startOfBusinessDay(date) + hour * HOUR + minute * MINUTE;
}

/**
 * How busy a day is, at most 1: spring (late April) and autumn (mid October) are the
 * peaks, when events and office moves are planned; midsummer and midwinter the lulls.
 * Weekends bring a third as many, and the year grows a little towards `now`.
 */
function dayWeight(at: number, options: DemoOptions): number {
  const date = new Date(at);
  const dayOfYear = (at - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY;
  const season = 1 + 0.45 * Math.cos((4 * Math.PI * (dayOfYear - 112)) / 365);
  const weekday = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.35 : 1;
  const growth = 0.8 + 0.2 * (1 - (options.now - at) / (options.spanDays * DAY));
  return (season / 1.45) * weekday * growth;
}

/** An hour of the day people send forms: mostly office hours, some evenings. */
function submissionHour(rng: Random): number {
  return rng.next() < 0.85 ? rng.int(8, 17) : rng.int(18, 22);
}

/** When a new lead first writes: a day drawn by `dayWeight`, at a daytime hour, before `now`. */
function firstSubmissionTime(rng: Random, options: DemoOptions): number {
  for (;;) {
    const day = options.now - rng.next() * options.spanDays * DAY;
    if (rng.next() >= dayWeight(day, options)) continue;
    const at = businessTime(businessDate(day), submissionHour(rng), rng.int(0, 59));
    // A draw later today than now is a lead of the last hours instead.
    return at < options.now ? at : options.now - rng.int(5, 180) * MINUTE;
  }
}

/** A later time of the same person: `after` plus days, at a daytime hour; null when that is not in the past yet. */
function laterTime(rng: Random, after: number, days: number, now: number): number | null {
  const at = businessTime(shiftDate(businessDate(after), days), submissionHour(rng), rng.int(0, 59));
  const when = at > after ? at : after + rng.int(30, 240) * MINUTE;
  return when < now - 10 * MINUTE ? when : null;
}

/**
 * The channels of web leads, by how often a local services business sees them: mostly
 * search (Google's map listing, the Business Profile, is about half of it), then people
 * who typed the address, ads, other sites, social media and the newsletter. Unassigned:
 * a browser that kept no touch, or a display ad, which the desk keeps no channel for.
 */
const WEB_CHANNELS = {
  "Organic Search": 36,
  Direct: 17,
  "Paid Search": 13,
  Referral: 12,
  "Organic Social": 9,
  Email: 5,
  "Paid Social": 5,
  Unassigned: 3,
} satisfies Partial<Record<LeadChannel, number>>;
type WebChannel = keyof typeof WEB_CHANNELS;

const REFERRERS = ["greenvillechamber.org", "www.bbb.org", "www.alignable.com", "upstatebusinessjournal.com", "www.angi.com", "www.greenvillesc.gov"];
const SOCIAL_REFERRERS = ["m.facebook.com", "l.facebook.com", "nextdoor.com", "l.instagram.com", "www.linkedin.com"];
const SEARCH_REFERRERS = ["www.google.com", "www.google.com", "www.google.com", "www.bing.com", "duckduckgo.com"];

/** The page a visit for `service` lands on. */
function landingPath(rng: Random, service: LeadService | null): string {
  if (service === null || service === "other" || rng.next() < 0.3) return rng.pick(["/", "/services", "/contact", "/survey"]);
  return `/services/${service}`;
}

/**
 * The signals a browser would send for a visit of `channel` (docs/attribution.md), or
 * null for a browser that kept none. The channel itself is left to `touchOf`.
 */
function visitOf(rng: Random, channel: WebChannel, service: LeadService | null, at: number): VisitSignals | null {
  const visit: VisitSignals = { source: null, medium: null, campaign: null, term: null, content: null, gclid: null, msclkid: null, fbclid: null, referrer: null, landingPage: landingPath(rng, service), at: new Date(at).toISOString() };
  const tagged = (query: Record<string, string>) => `${visit.landingPage}?${new URLSearchParams(query).toString()}`;
  const clickId = () => Array.from({ length: 24 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[rng.int(0, 35)]).join("");
  const campaign = service ?? "local-services";
  switch (channel) {
    case "Organic Search":
      if (rng.next() < 0.5) {
        // The Business Profile's website link, tagged as Google's guidance suggests.
        const landingPage = `/?${new URLSearchParams({ utm_source: "google", utm_medium: "organic", utm_campaign: "gbp-listing" }).toString()}`;
        return { ...visit, source: "google", medium: "organic", campaign: "gbp-listing", referrer: "www.google.com", landingPage };
      }
      return { ...visit, referrer: rng.pick(SEARCH_REFERRERS) };
    case "Direct":
      return visit;
    case "Paid Search":
      if (rng.next() < 0.85) {
        const gclid = clickId();
        return { ...visit, gclid, referrer: "www.google.com", landingPage: tagged({ gclid }) };
      }
      return { ...visit, msclkid: clickId(), referrer: "www.bing.com" };
    case "Referral":
      return { ...visit, referrer: rng.pick(REFERRERS) };
    case "Organic Social":
      return { ...visit, referrer: rng.pick(SOCIAL_REFERRERS) };
    case "Paid Social": {
      const fbclid = clickId();
      const query = { utm_source: "facebook", utm_medium: "paid_social", utm_campaign: `${campaign}-promo`, fbclid };
      return { ...visit, source: "facebook", medium: "paid_social", campaign: `${campaign}-promo`, fbclid, referrer: "m.facebook.com", landingPage: tagged(query) };
    }
    case "Email": {
      const month = new Date(at).toISOString().slice(0, 7);
      const query = { utm_source: "newsletter", utm_medium: "email", utm_campaign: `${month}-newsletter` };
      return { ...visit, source: "newsletter", medium: "email", campaign: `${month}-newsletter`, landingPage: tagged(query) };
    }
    case "Unassigned":
      if (rng.next() < 0.6) return null;
      // A display ad: paid, but no channel the desk keeps.
      return { ...visit, source: "gdn", medium: "display", campaign: "upstate-awareness", landingPage: tagged({ utm_source: "gdn", utm_medium: "display", utm_campaign: "upstate-awareness" }) };
  }
}

const OWN_HOSTS = [new URL(site.url).host];
const touchAt = (visit: VisitSignals | null, now: number): Touch | null => visit && touchOf(visit, OWN_HOSTS, now);

/** How often each service line is asked about on the contact form. */
const CONTACT_SERVICES = {
  "managed-internet": 22,
  "it-support": 16,
  "security-cameras": 15,
  "voip-phone-systems": 13,
  "network-cabling": 10,
  "temporary-event-internet": 9,
  "web-design": 8,
  other: 7,
} satisfies Record<ProjectType, number>;
/** And the survey's first interest. */
const SURVEY_SERVICES = { fiber: 20, "managed-it": 18, "security-cameras": 15, voip: 15, "guest-wifi": 12, starlink: 10, "web-design": 10 } satisfies Record<SurveyService, number>;

const LOST_REASONS = { price: 25, competitor: 20, "no-response": 30, "not-a-fit": 10, timing: 12, other: 3 } satisfies Record<LostReason, number>;
const LOST_NOTE = "Went quiet after the site visit.";

/**
 * Where a lead of this age stands now: a few days old, mostly New or just Contacted; a few
 * weeks, in the middle of quoting; a few months, mostly decided, Lost a little more often
 * than Won. A few leads of every age are Spam.
 */
function targetStatus(rng: Random, age: number): LeadStatus {
  if (rng.next() < 0.03) return "spam";
  if (age < 2 * DAY) return rng.weighted({ new: 65, contacted: 30, quoted: 5 });
  if (age < 14 * DAY) return rng.weighted({ new: 18, contacted: 40, quoted: 27, won: 8, lost: 7 });
  if (age < 60 * DAY) return rng.weighted({ new: 4, contacted: 18, quoted: 22, won: 28, lost: 28 });
  return rng.weighted({ new: 2, contacted: 9, quoted: 7, won: 37, lost: 45 });
}

/** The owner works from 8 to 19 on the business's clock: an action due outside that waits for the next morning. */
function officeHours(rng: Random, at: number): number {
  const date = businessDate(at);
  const hour = (at - startOfBusinessDay(date)) / HOUR;
  if (hour >= 8 && hour < 19) return at;
  return businessTime(hour < 8 ? date : shiftDate(date, 1), 8, rng.int(0, 90));
}

type Event = DemoLead["events"][number];
const event = (type: Event["type"], at: number, data: object): Event => ({ type, at, data: JSON.stringify(data), edited_at: null });

/**
 * The owner's side of a lead: its status, each milestone after the one before it and all
 * before `now` (a step that would still lie ahead is not taken: the lead stays a stage
 * earlier), and the timeline events that say so.
 */
function pipeline(rng: Random, firstAt: number, now: number, offline: boolean) {
  const events: Event[] = [];
  const target = targetStatus(rng, now - firstAt);
  const result = {
    status: "new" as LeadStatus,
    events,
    firstResponseAt: null as number | null,
    quotedAt: null as number | null,
    wonAt: null as number | null,
    lostAt: null as number | null,
    lostReason: null as LostReason | null,
    /** The owner's latest action on the lead: a submission after it brings the lead back. */
    lastActionAt: null as number | null,
  };
  if (target === "new") return result;
  if (target === "spam") {
    const at = Math.min(now - MINUTE, firstAt + rng.int(5, 600) * MINUTE);
    events.push(event("status", at, { from: "new", to: "spam" }));
    return { ...result, status: "spam" as LeadStatus, lastActionAt: at };
  }
  // Most answered within a few hours, some the next day, a few after a weekend.
  const delay = offline ? rng.int(1, 48) * HOUR : Math.round(Math.pow(rng.next(), 4) * 60 * HOUR) + rng.int(4, 40) * MINUTE;
  const response = officeHours(rng, firstAt + delay);
  if (response >= now) return result;
  result.status = "contacted";
  result.firstResponseAt = response;
  result.lastActionAt = response;
  if (rng.next() < 0.8) events.push(event("call", response, { outcome: rng.weighted<CallOutcome>({ reached: 60, voicemail: 30, "no-answer": 10 }), note: null }));
  else events.push(event("email", response, { subject: "Your request", body: "Thanks for reaching out. When is a good time to talk?", templateId: null, delivery: "drafted" }));
  events.push(event("status", response, { from: "new", to: "contacted" }));
  if (rng.next() < 0.45) events.push(event("note", response + rng.int(2, 30) * MINUTE, { text: rng.pick(NOTES) }));
  if (target === "contacted") return result;

  let stage = response;
  const throughQuote = target === "quoted" || (target === "won" ? rng.next() < 0.85 : rng.next() < 0.55);
  if (throughQuote) {
    const quotedAt = officeHours(rng, stage + rng.int(1, 8) * DAY + rng.int(0, 6) * HOUR);
    if (quotedAt >= now) return result;
    events.push(event("status", quotedAt, { from: "contacted", to: "quoted" }));
    result.status = "quoted";
    result.quotedAt = quotedAt;
    result.lastActionAt = quotedAt;
    stage = quotedAt;
    if (target === "quoted") return result;
  }
  const decidedAt = officeHours(rng, stage + (target === "won" ? rng.int(2, 25) : rng.int(3, 40)) * DAY + rng.int(0, 6) * HOUR);
  if (decidedAt >= now) return result;
  // The follow-up set when quoting: done before the decision, or ended by it.
  if (result.quotedAt !== null && rng.next() < 0.6) {
    const dueAt = result.quotedAt + rng.int(2, 5) * DAY;
    events.push(event("follow_up_set", result.quotedAt, { dueAt, followUpType: rng.pick<FollowUpType>(["call", "email"]) }));
    if (dueAt + HOUR < decidedAt) events.push(event("follow_up_done", dueAt + HOUR, { dueAt }));
    else events.push(event("follow_up_ended", decidedAt, { dueAt, status: target }));
  }
  const from = result.status;
  if (target === "won") {
    events.push(event("status", decidedAt, { from, to: "won" }));
    return { ...result, status: "won" as LeadStatus, wonAt: decidedAt, lastActionAt: decidedAt };
  }
  const lostReason = rng.weighted(LOST_REASONS);
  events.push(event("status", decidedAt, { from, to: "lost", lostReason, lostNote: lostReason === "other" ? LOST_NOTE : null }));
  return { ...result, status: "lost" as LeadStatus, lostAt: decidedAt, lostReason, lastActionAt: decidedAt };
}

const FOLLOW_UP_TYPES = { call: 50, email: 22, visit: 16, meeting: 12 } satisfies Record<FollowUpType, number>;

/**
 * The pending follow-up of an open (Contacted or Quoted) lead, when it has one: a fifth
 * overdue, a fifth today, the rest over the next two weeks, in office hours. It is set at
 * the owner's latest action; a lead not touched for weeks gets a fresh call that set it,
 * as an owner chasing it would. Null when the lead has none.
 */
function pendingFollowUp(rng: Random, status: LeadStatus, lastActionAt: number, now: number) {
  if (status !== "contacted" && status !== "quoted") return null;
  if (rng.next() >= (status === "quoted" ? 0.9 : 0.7)) return null;
  const events: Event[] = [];
  let setAt = lastActionAt;
  if (now - setAt > 21 * DAY) {
    const call = laterTime(rng, now - rng.int(2, 10) * DAY, 0, now);
    if (call !== null && call > setAt) {
      setAt = call;
      events.push(event("call", call, { outcome: rng.weighted<CallOutcome>({ reached: 40, voicemail: 45, "no-answer": 15 }), note: null }));
    }
  }
  const today = businessDate(now);
  const roll = rng.next();
  const day = roll < 0.2 ? -rng.int(1, 5) : roll < 0.4 ? 0 : rng.int(1, 13);
  let dueAt = businessTime(shiftDate(today, day), rng.int(9, 16), rng.pick([0, 0, 15, 30, 45]));
  // Set before it falls due: an overdue one that would predate its setting moves ahead.
  if (dueAt <= setAt + HOUR) dueAt = businessTime(shiftDate(today, rng.int(1, 13)), rng.int(9, 16), 0);
  const type = rng.weighted(FOLLOW_UP_TYPES);
  events.push(event("follow_up_set", setAt, { dueAt, followUpType: type }));
  return { dueAt, type, setAt, events };
}

type Submission = { at: number; kind: SubmissionKind; cameBack: boolean };

/**
 * When the person writes again: now and then within days (something forgotten), more
 * often weeks or months later (a new need, or ready at last). `count` repeats at most;
 * those that would not have happened by `now` are left out.
 */
function repeatTimes(rng: Random, firstAt: number, count: number, now: number): number[] {
  const times: number[] = [];
  let previous = firstAt;
  for (let index = 0; index < count; index += 1) {
    const days = rng.next() < 0.35 ? rng.int(1, 10) : rng.int(20, 200);
    const at = laterTime(rng, previous, days, now);
    if (at === null) break;
    times.push(at);
    previous = at;
  }
  return times;
}

function demoLead(number: number, options: DemoOptions, rng: Random): DemoLead {
  const { now } = options;
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const business = `${rng.pick(BUSINESS_FIRST)} ${rng.pick(BUSINESS_LAST)}`;
  const email = `${first}.${last}.${number}@example.com`.toLowerCase();
  const phone = `(${AREA_CODES[Math.floor(number / 10_000) % AREA_CODES.length]}) 555-${String(number % 10_000).padStart(4, "0")}`;
  // Every sixteenth person called or walked in, and the owner added them by hand (quick add).
  const source: LeadSource = number % 16 === 0 ? (number % 48 === 0 ? "walk-in" : "phone") : "web";
  const offline = source !== "web";
  const firstAt = firstSubmissionTime(rng, options);
  const flow = pipeline(rng, firstAt, now, offline);
  const followUp = flow.lastActionAt === null ? null : pendingFollowUp(rng, flow.status, flow.lastActionAt, now);

  // The submissions' times: the first, the person's repeats, and for some decided leads a return after the decision.
  const submissions: Submission[] = [];
  if (!offline) {
    let extra = 0;
    const more = Math.max(0, (options.submissionsPerLead - 1) / options.submissionsPerLead);
    while (extra < 20 && rng.next() < more) extra += 1;
    submissions.push({ at: firstAt, kind: rng.weighted<SubmissionKind>({ contact: 65, survey: 35 }), cameBack: false });
    for (const at of repeatTimes(rng, firstAt, extra, now)) submissions.push({ at, kind: rng.weighted<SubmissionKind>({ contact: 75, survey: 25 }), cameBack: false });
  }
  // Some customers and lost leads wrote again in the last days and wait for an answer (Today's "Came back").
  const decidedAt = flow.wonAt ?? flow.lostAt;
  if (decidedAt !== null && rng.next() < 0.05) {
    const at = laterTime(rng, now - rng.int(1, 10) * DAY, 0, now);
    if (at !== null && at > decidedAt + DAY) submissions.push({ at, kind: "contact", cameBack: true });
  }
  submissions.sort((a, b) => a.at - b.at);

  // A person who wrote again after being answered was answered again within a day or so,
  // unless that was in the last ten days: those are still waiting (came back).
  const answers: Event[] = [];
  let ownerAt = followUp?.setAt ?? flow.lastActionAt;
  for (const submission of submissions) {
    if (ownerAt === null || flow.status === "spam" || submission.at <= ownerAt || now - submission.at < 10 * DAY) continue;
    ownerAt = officeHours(rng, submission.at + rng.int(1, 30) * HOUR);
    answers.push(event("call", ownerAt, { outcome: rng.weighted({ reached: 70, voicemail: 30 }), note: null }));
  }
  const lastActionAt = ownerAt;

  // Each submission's touch (its visit's last) and the lead's first and last touch, by the receive path's rules.
  const channel = rng.weighted(WEB_CHANNELS);
  const contacts: DemoLead["contacts"] = [];
  const surveys: DemoLead["surveys"] = [];
  const identities: SubmissionIdentity[] = [];
  // Quick add's lead starts with its offline touch; a later web submission may change only the last.
  const offlineTouch: Touch | null = offline
    ? { source, medium: "offline", campaign: null, term: null, content: null, clickId: null, referrer: null, landingPage: null, channel: source === "phone" ? "Phone" : "Walk-in", at: new Date(firstAt).toISOString() }
    : null;
  let firstTouch: Touch | null = offlineTouch;
  let lastTouch: Touch | null = offlineTouch;
  let firstVisitAt = Number.NEGATIVE_INFINITY;
  let service: LeadService | null = offline ? rng.weighted(CONTACT_SERVICES) : null;
  // A browser that keeps nothing (storage blocked) sends no touch with any submission.
  let storageBlocked = false;
  const contactService = rng.weighted(CONTACT_SERVICES);
  const surveyService = rng.weighted(SURVEY_SERVICES);
  const survey = {
    address: `${rng.int(1, 2999)} ${rng.pick(STREETS)}, ${rng.pick(TOWNS)}`,
    employees: Math.max(1, Math.round(Math.pow(rng.next(), 2) * 60) + 1),
  };
  submissions.forEach((submission, index) => {
    const isFirst = !offline && index === 0;
    // The browser forgets a first touch after 90 days: a visit after that starts afresh.
    const freshVisitor = submission.at - firstVisitAt > FIRST_TOUCH_LIFETIME;
    const visitChannel: WebChannel = isFirst ? channel : rng.next() < 0.2 ? channel : rng.weighted({ Direct: 50, "Organic Search": 40, Email: 10 });
    const beforeSubmission = rng.next() < 0.6 ? rng.int(2, 25) * MINUTE : rng.int(1, 20) * DAY;
    const firstVisit = freshVisitor ? visitOf(rng, visitChannel, contactService, submission.at - beforeSubmission) : null;
    if (freshVisitor) firstVisitAt = submission.at - beforeSubmission;
    if (isFirst && firstVisit === null) storageBlocked = true;
    // A visitor who came earlier and is back today: by search or by typing the address.
    const lastVisit = beforeSubmission >= DAY || !freshVisitor ? visitOf(rng, rng.next() < 0.5 ? "Direct" : "Organic Search", contactService, submission.at - rng.int(2, 20) * MINUTE) : firstVisit;
    const touch = storageBlocked ? null : touchAt(lastVisit, submission.at);
    if (isFirst) {
      firstTouch = storageBlocked ? null : touchAt(firstVisit, submission.at);
      lastTouch = touch;
    } else if (touch && (lastTouch === null || touch.channel !== "Direct" || lastTouch.channel === "Direct")) {
      // GA4's rule the receive path keeps: a Direct visit does not replace a touch that said where the lead came from.
      lastTouch = touch;
    }
    const viewed: 0 | 1 = lastActionAt !== null && submission.at <= lastActionAt ? 1 : now - submission.at > 3 * DAY && !submission.cameBack ? 1 : 0;
    // What each kind of submission from this person holds; each returns who sent it.
    const invent: { readonly [Kind in SubmissionKind]: () => SubmissionIdentity } = {
      contact: () => {
        const projectType: ProjectType = submission.cameBack || rng.next() < 0.8 ? contactService : rng.weighted(CONTACT_SERVICES);
        const message = submission.cameBack ? rng.pick(CAME_BACK_MESSAGES) : rng.pick(MESSAGES[projectType]);
        // The ?service= preset of a contact link on a service page.
        const preset = touch?.landingPage === `/services/${projectType}` && rng.next() < 0.6 ? projectType : null;
        const row: DemoLead["contacts"][number] = { created_at: submission.at, viewed, name: `${first} ${last}`, email, phone, project_type: projectType, source: preset, message, touch: touch && JSON.stringify(touch) };
        contacts.push(row);
        service ??= serviceOfContact(projectType);
        return contactIdentity(row);
      },
      survey: () => {
        const interests = [surveyService, ...(Object.keys(SURVEY_SERVICES) as SurveyService[]).filter((value) => value !== surveyService && rng.next() < 0.2)];
        // A few surveys name no service at all.
        const interested = rng.next() < 0.06 ? [] : interests;
        const devices = survey.employees * rng.int(2, 4) + rng.int(0, 10);
        const row: DemoLead["surveys"][number] = {
          created_at: submission.at,
          viewed,
          business_name: business,
          email,
          phone_number: phone,
          address: survey.address,
          employee_count: survey.employees,
          device_count: devices,
          primary_internet_use: rng.pick(USES),
          uses_streaming: rng.next() < 0.4 ? 1 : 0,
          has_public_wifi: rng.next() < 0.5 ? 1 : 0,
          phone_count: rng.next() < 0.4 ? 0 : rng.int(1, Math.max(2, survey.employees)),
          interested_services: JSON.stringify(interested),
          additional_comments: rng.next() < 0.5 ? `Best time to reach us is ${rng.pick(["mornings", "afternoons", "Fridays"])}.` : "",
          touch: touch && JSON.stringify(touch),
        };
        surveys.push(row);
        service ??= serviceOfSurvey(interested);
        return surveyIdentity(row);
      },
    };
    identities.push(invent[submission.kind]());
  });

  const events: Event[] = [];
  if (offline) {
    // Quick add's lead: its offline touch, its `created` entry and the owner's note.
    events.push(event("created", firstAt, { source }), event("note", firstAt, { text: rng.pick(OFFLINE_NOTES) }));
  }
  events.push(...flow.events, ...(followUp?.events ?? []), ...answers);

  // A submission after the owner's latest action on an answered lead brings it back to Today.
  const latest = submissions[submissions.length - 1];
  const cameBack = latest && flow.firstResponseAt !== null && lastActionAt !== null && latest.at > lastActionAt && flow.status !== "spam" ? latest.at : null;
  const lastAt = latest?.at ?? firstAt;
  const firstSubmission = offline
    ? { kind: "contact" as const, at: firstAt, name: `${first} ${last}`, business: rng.next() < 0.7 ? business : null, email, phone, text: "" }
    : identities[0]!;
  const identity = newLeadIdentity(firstSubmission);
  return {
    lead: {
      ...identity,
      business: offline ? firstSubmission.business : (identity.business ?? (surveys.length > 0 ? business : null)),
      source,
      // Every column spelled out: a multi-row insert has no per-row defaults (SQLite writes null).
      first_touch: firstTouch && JSON.stringify(firstTouch),
      first_channel: firstTouch?.channel ?? "Unassigned",
      first_campaign: firstTouch?.campaign ?? null,
      last_touch: lastTouch && JSON.stringify(lastTouch),
      last_channel: lastTouch?.channel ?? "Unassigned",
      last_campaign: lastTouch?.campaign ?? null,
      service,
      status: flow.status,
      lost_reason: flow.lostReason,
      lost_note: flow.lostReason === "other" ? LOST_NOTE : null,
      next_follow_up_at: followUp?.dueAt ?? null,
      next_follow_up_type: followUp?.type ?? null,
      first_submitted_at: firstAt,
      last_submitted_at: lastAt,
      first_response_at: flow.firstResponseAt,
      quoted_at: flow.quotedAt,
      won_at: flow.wonAt,
      lost_at: flow.lostAt,
      came_back_at: cameBack,
      created_at: firstAt,
      updated_at: Math.max(lastAt, lastActionAt ?? 0),
    },
    contacts,
    surveys,
    events,
  };
}

const BATCH = 500;

/**
 * Writes `options.leads` fictional leads with their submissions, events and search
 * words, in transactions of 500 leads: the bulk path of the lead module, writing the
 * columns the receive path would (keys, touches, service, score, search words).
 * Returns how many submissions were written.
 */
export async function insertDemoLeads(db: Kysely<Database>, options: DemoOptions): Promise<{ leads: number; submissions: number }> {
  const rng = random(options.seed);
  let submissions = 0;
  const firstNumber = options.firstNumber ?? 1;
  for (let start = 0; start < options.leads; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.leads - start) }, (_, index) => demoLead(firstNumber + start + index, options, rng));
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto("leads").values(batch.map((entry) => entry.lead)).returning(["id", "email_key"]).execute();
      const idByEmail = new Map(inserted.map((row) => [row.email_key, row.id]));
      const withIds = batch.map((entry) => ({ ...entry, id: idByEmail.get(entry.lead.email_key ?? null)! }));
      // With the keys the lead path gives each submission (src/server/leads/lead-store.ts).
      const contacts = withIds.flatMap((entry) => entry.contacts.map((row) => ({ ...row, lead_id: entry.id, email_key: emailKey(row.email), phone_key: phoneKey(row.phone) })));
      const surveys = withIds.flatMap((entry) => entry.surveys.map((row) => ({ ...row, lead_id: entry.id, email_key: emailKey(row.email), phone_key: phoneKey(row.phone_number) })));
      const events = withIds.flatMap((entry) => entry.events.map((row) => ({ ...row, lead_id: entry.id })));
      for (let from = 0; from < contacts.length; from += BATCH) await trx.insertInto("contact_requests").values(contacts.slice(from, from + BATCH)).execute();
      for (let from = 0; from < surveys.length; from += BATCH) await trx.insertInto("survey_submissions").values(surveys.slice(from, from + BATCH)).execute();
      for (let from = 0; from < events.length; from += BATCH) await trx.insertInto("lead_events").values(events.slice(from, from + BATCH)).execute();
      await writeLeadSearchMany<Database>(
        trx,
        withIds.map((entry) => ({
          leadId: entry.id,
          body: leadSearchBody(
            { name: entry.lead.name, business: entry.lead.business ?? null, email: entry.lead.email ?? null, phone: entry.lead.phone ?? null },
            [...entry.contacts.map((row) => contactIdentity(row as Parameters<typeof contactIdentity>[0])), ...entry.surveys.map((row) => surveyIdentity(row as Parameters<typeof surveyIdentity>[0]))],
          ),
        })),
      );
      // The survey scores the lead path would have written (src/server/leads/lead-qualification.ts).
      await rescoreLeads<Database>(trx, withIds.filter((entry) => entry.surveys.length > 0).map((entry) => entry.id));
      submissions += contacts.length + surveys.length;
    });
  }
  return { leads: options.leads, submissions };
}
