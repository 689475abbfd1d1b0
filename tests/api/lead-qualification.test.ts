import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import { type LeadDetail, type LeadList, qualificationLine } from "@/lib/lead-desk";
import { createDb, destroyDb, getDb } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider, migrateToLatest } from "@/server/db/migrations";
import { type QualifyingSurvey, qualifySurvey } from "@/server/leads/lead-qualification";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { callEndpoint, jsonRequest, validContact } from "../support/api-request";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { createFreshDatabase, describeEachEngine, ENGINES, postgresSkipped } from "../support/test-database";

/** The survey of the example: nothing else that earns points. */
const example: QualifyingSurvey = {
  employeeCount: 12,
  deviceCount: 40,
  phoneCount: 0,
  primaryInternetUse: "Email and browsing",
  usesStreaming: false,
  hasPublicWifi: true,
  interestedServices: [],
};

describe("survey qualification rules", () => {
  it("gives the issue's example its package and reason line", () => {
    const result = qualifySurvey(example);
    expect(qualificationLine(result)).toBe("12 employees, 40 devices, public WiFi → Managed Internet & Failover + Guest WiFi");
    expect(result).toEqual({ score: 45, package: "Managed Internet & Failover + Guest WiFi", reasons: ["12 employees", "40 devices", "public WiFi"] });
  });

  it("gives a one-person shop with nothing else the smallest score and IT Support", () => {
    const result = qualifySurvey({ ...example, employeeCount: 1, deviceCount: 0, hasPublicWifi: false });
    expect(result).toEqual({ score: 5, package: "IT Support", reasons: ["1 employee"] });
    expect(qualificationLine(result)).toBe("1 employee → IT Support");
  });

  it("counts the thresholds from their first value: 9 devices earn nothing, 10 do; 24 employees are not yet 25", () => {
    expect(qualifySurvey({ ...example, hasPublicWifi: false, employeeCount: 4, deviceCount: 9 }).reasons).toEqual(["4 employees"]);
    expect(qualifySurvey({ ...example, hasPublicWifi: false, employeeCount: 4, deviceCount: 10 })).toMatchObject({ score: 10, reasons: ["4 employees", "10 devices"] });
    expect(qualifySurvey({ ...example, employeeCount: 24 }).score).toBe(45);
    expect(qualifySurvey({ ...example, employeeCount: 25 }).score).toBe(50);
  });

  it("suggests SD-WAN for 100 devices or 50 people, with cabling and support as add-ons", () => {
    expect(qualifySurvey({ ...example, deviceCount: 100 }).package).toBe("SD-WAN + Guest WiFi + Network Cabling");
    expect(qualifySurvey({ ...example, employeeCount: 50, hasPublicWifi: false }).package).toBe("SD-WAN + IT Support");
  });

  it("reads business-critical uses from the free text and names the interests", () => {
    const result = qualifySurvey({ ...example, employeeCount: 3, deviceCount: 5, hasPublicWifi: false, primaryInternetUse: "Card payments at the register", phoneCount: 4, interestedServices: ["voip"] });
    expect(result.reasons).toEqual(["3 employees", "4 phone lines", "card payments", "asked about VoIP Phone Systems"]);
    expect(result.package).toBe("Managed Internet & Failover + VoIP Phone Systems");
    expect(result.score).toBe(5 + 5 + 5 + 5);
  });

  it("offers Starlink as the line when only Starlink was asked about, and never exceeds 100", () => {
    expect(qualifySurvey({ ...example, employeeCount: 2, deviceCount: 3, hasPublicWifi: false, interestedServices: ["starlink"] }).package).toBe("Starlink Business Internet");
    const everything = qualifySurvey({
      employeeCount: 100_000,
      deviceCount: 1_000_000,
      phoneCount: 100_000,
      primaryInternetUse: "card payments, cloud software, zoom",
      usesStreaming: true,
      hasPublicWifi: true,
      interestedServices: ["security-cameras", "web-design", "voip", "managed-it", "guest-wifi", "fiber", "starlink"],
    });
    expect(everything.score).toBe(100);
    expect(everything.reasons[0]).toBe("100,000 employees");
    expect(everything.package.split(" + ")[0]).toBe("SD-WAN");
  });
});

const postSurvey = callEndpoint(surveyEndpoint.POST);
const postContact = callEndpoint(contactEndpoint.POST);
const survey = (overrides: Record<string, unknown>) => ({
  businessName: "Blue Heron Dental",
  email: "office@blueheron.example",
  phoneNumber: "864-555-0123",
  address: "12 Pine St, Greenville, SC 29601",
  ...example,
  ...overrides,
});

describeEachEngine("survey qualification in the desk", () => {
  beforeAll(() => {
    process.env.RATE_LIMIT_MULTIPLIER = "100";
  });
  afterAll(() => {
    delete process.env.RATE_LIMIT_MULTIPLIER;
  });

  it("stores the score through the lead path, shows why on the lead, and the latest survey decides", async () => {
    expect((await postSurvey(jsonRequest("/api/survey", survey({})))).status).toBe(201);
    const token = await deskSession();
    const list = await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }));
    const id = list.items[0]!.id;
    expect(list.items[0]).toMatchObject({ score: 45, source: "web" });
    const detail = await deskJson<LeadDetail>(await deskCall(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, { token, params: { id: String(id) } }));
    expect(detail.qualification).toEqual({ score: 45, package: "Managed Internet & Failover + Guest WiFi", reasons: ["12 employees", "40 devices", "public WiFi"] });

    // A later, smaller survey of the same business: it describes the business now.
    expect((await postSurvey(jsonRequest("/api/survey", survey({ employeeCount: 3, deviceCount: 5, hasPublicWifi: false })))).status).toBe(201);
    const later = await deskJson<LeadDetail>(await deskCall(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, { token, params: { id: String(id) } }));
    expect(later.submissionCount).toBe(2);
    expect(later.qualification).toEqual({ score: 5, package: "IT Support", reasons: ["3 employees"] });
    expect((await (await getDb()).selectFrom("leads").select("score").where("id", "=", id).executeTakeFirstOrThrow()).score).toBe(5);

    // Erasing that survey: the one that remains decides again.
    await eraseSubmission({ kind: "survey", id: Number(later.submissions[0]!.id) });
    const erased = await deskJson<LeadDetail>(await deskCall(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, { token, params: { id: String(id) } }));
    expect(erased.qualification?.score).toBe(45);
    expect(erased.score).toBe(45);
  });

  it("sorts by score, highest first, leads without a survey last", async () => {
    await postContact(jsonRequest("/api/contact", validContact));
    await postSurvey(jsonRequest("/api/survey", survey({ businessName: "Small Shop", email: "small@example.com", phoneNumber: "864-555-0001", employeeCount: 2, deviceCount: 3, hasPublicWifi: false })));
    await postSurvey(jsonRequest("/api/survey", survey({ businessName: "Big Clinic", email: "big@example.com", phoneNumber: "864-555-0002", employeeCount: 60, deviceCount: 150 })));
    await postSurvey(jsonRequest("/api/survey", survey({ businessName: "Mid Office", email: "mid@example.com", phoneNumber: "864-555-0003" })));
    const token = await deskSession();
    const sorted = await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads?sort=score", { token }));
    expect(sorted.items.map((item) => [item.name, item.score])).toEqual([
      ["Big Clinic", 65],
      ["Mid Office", 45],
      ["Small Shop", 5],
      [validContact.name, null],
    ]);
    const contact = await deskJson<LeadDetail>(await deskCall(leadEndpoint.GET, "GET", `/api/admin/leads/${sorted.items[3]!.id}`, { token, params: { id: String(sorted.items[3]!.id) } }));
    expect(contact.qualification).toBeNull();
  });
});

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migration 0013_lead_scores [${engine}]`, () => {
    it("scores the existing leads from their latest survey and leaves the others without a score", async () => {
      const fresh = await createFreshDatabase(engine);
      const db = createDb(fresh.config);
      const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      try {
        const before = Object.fromEntries(Object.entries(buildMigrations(engine)).filter(([name]) => name <= "0009_lead_insight"));
        const { error } = await new Migrator({ db: db as unknown as Kysely<unknown>, provider: new InCodeMigrationProvider(before) }).migrateToLatest();
        if (error) throw error;
        const lead = async (name: string) =>
          (await loose.insertInto("leads").values({ name, status: "new", first_submitted_at: 1, last_submitted_at: 2, created_at: 1, updated_at: 2 }).returning("id").executeTakeFirstOrThrow()).id as number;
        const withSurveys = await lead("Two surveys");
        const contactOnly = await lead("Contact only");
        const row = (created: number, employees: number, wifi: boolean) => ({
          created_at: created,
          viewed: engine === "postgres" ? false : 0,
          lead_id: withSurveys,
          business_name: "Two surveys",
          email: "two@example.com",
          phone_number: "864-555-0100",
          address: "1 Main St",
          employee_count: employees,
          device_count: 40,
          primary_internet_use: "Email",
          uses_streaming: engine === "postgres" ? false : 0,
          has_public_wifi: engine === "postgres" ? wifi : Number(wifi),
          phone_count: 0,
          interested_services: "[]",
          additional_comments: "",
        });
        await loose.insertInto("survey_submissions").values([row(2, 12, true), row(1, 1, false)]).execute();

        await migrateToLatest(db, engine);

        const scores = await loose.selectFrom("leads").select(["id", "score"]).orderBy("id").execute();
        expect(scores.map((item) => [Number(item.id), item.score])).toEqual([
          [withSurveys, 45],
          [contactOnly, null],
        ]);
      } finally {
        await destroyDb(db);
        await fresh.drop();
      }
    });
  });
}
