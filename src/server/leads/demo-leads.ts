import type { Insertable, Kysely } from "kysely";
import type { LeadStatus, LostReason } from "@/lib/lead-desk";
import { projectTypeValues } from "@/lib/validation/project-types";
import { surveyServiceValues } from "@/lib/validation/survey-services";
import { engineOf } from "@/server/db/connection";
import { writeLeadSearchMany } from "@/server/db/lead-search-index";
import { rescoreLeads } from "@/server/leads/lead-store";
import type { ContactRequestsTable, Database, LeadEventsTable, LeadsTable, SurveySubmissionsTable } from "@/server/db/schema";
import { contactIdentity, emailKey, leadSearchBody, newLeadIdentity, phoneKey, surveyIdentity } from "./lead-identity";

/*
 * Fictional leads for a database to look around in (npm run db:seed-demo) and to
 * measure the desk against (npm run bench:desk). Every name, address and number is
 * made up: phones are in the 555-01xx range, e-mails on example domains. The same
 * seed gives the same leads.
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
const MESSAGES: Record<string, string[]> = {
  "temporary-event-internet": ["We have an outdoor festival for 3,000 people in May and need Wi-Fi for vendors.", "Need internet at a wedding venue for one weekend, with a backup."],
  "managed-internet": ["Our internet drops twice a week; we need failover for two offices.", "Looking for managed internet with a backup line for the clinic."],
  "voip-phone-systems": ["We want to replace our old phone system, about 12 handsets.", "Can you move our numbers to VoIP and keep the main line?"],
  "security-cameras": ["Cameras for the warehouse dock and the parking lot, please.", "We need 8 cameras with remote viewing on our phones."],
  "network-cabling": ["New office buildout, 24 drops and a small rack.", "Cabling for a second floor we are moving into next month."],
  "it-support": ["Printers keep dropping off the network and email is slow.", "Looking for monthly IT support for a 10-person office."],
  "web-design": ["Our website is out of date and does not work on phones.", "Need a simple site with online booking."],
  other: ["Not sure what we need; can someone come take a look?", "Questions about pricing for a small office setup."],
};
const NOTES = ["Prefers a call after 3 pm.", "Sent the quote by e-mail.", "Wants to start next month.", "Asked about Starlink as a backup.", "Owner is the decision maker.", "Comparing with the cable company."];
const LOST: LostReason[] = ["price", "competitor", "no-response", "not-a-fit", "timing", "other"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export type DemoOptions = {
  leads: number;
  /** Submissions per lead on average (at least one each). */
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

function demoLead(number: number, options: DemoOptions, rng: ReturnType<typeof random>): DemoLead {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const business = `${rng.pick(BUSINESS_FIRST)} ${rng.pick(BUSINESS_LAST)}`;
  const email = `${first}.${last}.${number}@example.com`.toLowerCase();
  const phone = `(${AREA_CODES[Math.floor(number / 10_000) % AREA_CODES.length]}) 555-${String(number % 10_000).padStart(4, "0")}`;
  const firstAt = options.now - Math.floor(Math.pow(rng.next(), 1.6) * options.spanDays * DAY) - rng.int(1, 60) * 60_000;
  const count = Math.max(1, Math.round(options.submissionsPerLead + (rng.next() - 0.5) * 2));
  const contacts: DemoLead["contacts"] = [];
  const surveys: DemoLead["surveys"] = [];
  let lastAt = firstAt;
  for (let index = 0; index < count; index += 1) {
    const at = index === 0 ? firstAt : Math.min(options.now - 60_000, lastAt + rng.int(1, 20) * DAY);
    lastAt = at;
    if (rng.next() < 0.65) {
      const projectType = rng.pick(projectTypeValues);
      contacts.push({ created_at: at, viewed: rng.next() < 0.7 ? 1 : 0, name: `${first} ${last}`, email, phone, project_type: projectType, source: null, message: rng.pick(MESSAGES[projectType]!) });
    } else {
      const services = surveyServiceValues.filter(() => rng.next() < 0.3);
      surveys.push({
        created_at: at,
        viewed: rng.next() < 0.7 ? 1 : 0,
        business_name: business,
        email,
        phone_number: phone,
        address: `${rng.int(1, 2999)} ${rng.pick(STREETS)}, ${rng.pick(TOWNS)}`,
        employee_count: rng.int(1, 80),
        device_count: rng.int(2, 200),
        primary_internet_use: rng.pick(USES),
        uses_streaming: rng.next() < 0.4 ? 1 : 0,
        has_public_wifi: rng.next() < 0.5 ? 1 : 0,
        phone_count: rng.int(0, 30),
        interested_services: JSON.stringify(services),
        additional_comments: rng.next() < 0.5 ? `Best time to reach us is ${rng.pick(["mornings", "afternoons", "Fridays"])}.` : "",
      });
    }
  }

  const age = options.now - firstAt;
  const roll = rng.next();
  const status: LeadStatus =
    age < 2 * DAY && roll < 0.6 ? "new" : roll < 0.1 ? "new" : roll < 0.35 ? "contacted" : roll < 0.55 ? "quoted" : roll < 0.75 ? "won" : roll < 0.95 ? "lost" : "spam";
  const events: DemoLead["events"] = [];
  let firstResponseAt: number | null = null;
  let nextFollowUpAt: number | null = null;
  let lostReason: LostReason | null = null;
  let decidedAt: number | null = null;
  if (status !== "new" && status !== "spam") {
    firstResponseAt = Math.min(options.now - 1000, firstAt + Math.floor(Math.pow(rng.next(), 3) * 2 * DAY) + 60_000);
    events.push({ type: "call", at: firstResponseAt, data: JSON.stringify({ outcome: rng.pick(["reached", "voicemail", "no-answer"]), note: null }), edited_at: null });
    events.push({ type: "status", at: firstResponseAt, data: JSON.stringify({ from: "new", to: "contacted" }) , edited_at: null });
    if (status !== "contacted") {
      const to = status;
      lostReason = to === "lost" ? rng.pick(LOST) : null;
      const at = Math.min(options.now - 1000, firstResponseAt + rng.int(1, 10) * DAY);
      decidedAt = at;
      events.push({ type: "status", at, data: JSON.stringify(to === "lost" ? { from: "contacted", to, lostReason, lostNote: lostReason === "other" ? "Went quiet after the site visit." : null } : { from: "contacted", to }), edited_at: null });
    }
    if (rng.next() < 0.5) events.push({ type: "note", at: firstResponseAt + 5 * 60_000, data: JSON.stringify({ text: rng.pick(NOTES) }), edited_at: null });
    if (status === "contacted" || status === "quoted") {
      nextFollowUpAt = options.now + rng.int(-3, 10) * DAY + rng.int(9, 17) * HOUR - (options.now % DAY);
      events.push({ type: "follow_up_set", at: firstResponseAt, data: JSON.stringify({ dueAt: nextFollowUpAt }), edited_at: null });
    }
  }
  const firstSubmission = contacts[0] && (!surveys[0] || contacts[0].created_at <= surveys[0].created_at) ? contactIdentity(contacts[0] as Parameters<typeof contactIdentity>[0]) : surveyIdentity(surveys[0] as Parameters<typeof surveyIdentity>[0]);
  const identity = newLeadIdentity(firstSubmission);
  return {
    lead: {
      ...identity,
      business: identity.business ?? (surveys.length > 0 ? business : null),
      status,
      lost_reason: lostReason,
      lost_note: lostReason === "other" ? "Went quiet after the site visit." : null,
      next_follow_up_at: nextFollowUpAt,
      first_submitted_at: firstAt,
      last_submitted_at: lastAt,
      first_response_at: firstResponseAt,
      quoted_at: status === "quoted" ? decidedAt : null,
      won_at: status === "won" ? decidedAt : null,
      lost_at: status === "lost" ? decidedAt : null,
      created_at: firstAt,
      updated_at: Math.max(lastAt, firstResponseAt ?? 0),
    },
    contacts,
    surveys,
    events,
  };
}

const BATCH = 500;

/**
 * Writes `options.leads` fictional leads with their submissions, events and search
 * words, in transactions of 500 leads. Returns how many submissions were written.
 */
export async function insertDemoLeads(db: Kysely<Database>, options: DemoOptions): Promise<{ leads: number; submissions: number }> {
  const rng = random(options.seed);
  const engine = engineOf(db);
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
        engine,
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
