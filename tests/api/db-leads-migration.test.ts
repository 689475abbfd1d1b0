import { type Kysely, Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, type DbEngine, destroyDb } from "@/server/db/connection";
import { buildMigrations, InCodeMigrationProvider, migrateToLatest } from "@/server/db/migrations";
import { emailKey, phoneKey } from "@/server/leads/lead-identity";
import { createFreshDatabase, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * 0008_leads turns today's contact requests and surveys into the submissions of leads:
 * every row must come through with its id and fields, attached by the rule new
 * submissions follow (same e-mail, else same phone), and findable by the search.
 * 0009_lead_insight gives each lead the service line of its first submission, and ties
 * the outbox's copies to their lead.
 */

const T0 = Date.UTC(2030, 0, 1);
const LOOSE = <T>(db: T) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

async function migrateUpTo(db: Kysely<unknown>, engine: DbEngine, last: string): Promise<void> {
  const migrations = Object.fromEntries(Object.entries(buildMigrations(engine)).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: new InCodeMigrationProvider(migrations) }).migrateToLatest();
  if (error) throw error;
}

const contacts = [
  { created_at: T0 + 1, viewed: 1, name: "Dana Whitfield", email: "Dana@Example.com", phone: "(864) 555-0142", project_type: "managed-internet", source: "quote", message: "Failover for two offices." },
  // Same person, an identical request a minute later: the migration folds nothing.
  { created_at: T0 + 60_001, viewed: 0, name: "Dana Whitfield", email: "Dana@Example.com", phone: "(864) 555-0142", project_type: "managed-internet", source: "quote", message: "Failover for two offices." },
  { created_at: T0 + 5, viewed: 0, name: "Eli Park", email: "eli@park.example", phone: "1 (803) 555-0190", project_type: "it-support", source: null, message: "Printers keep dropping off." },
  { created_at: T0 + 9, viewed: 0, name: "Nobody Special", email: "nobody@example.net", phone: "704-555-0101", project_type: "other", source: null, message: "Just asking about prices." },
];
const surveys = [
  // By e-mail (other case and spaces) to Dana's lead.
  { created_at: T0 + 3, viewed: 1, business_name: "Whitfield Law", email: " dana@example.COM", phone_number: "864-555-9999", address: "1 Main St", employee_count: 4, device_count: 10, primary_internet_use: "Email", uses_streaming: 0, has_public_wifi: 0, phone_count: 2, interested_services: '["voip"]', additional_comments: "Quiet office." },
  // By phone, the leading 1 dropped, to Eli's lead.
  { created_at: T0 + 7, viewed: 0, business_name: "Park Printing", email: "office@parkprinting.example", phone_number: "803.555.0190", address: "9 Elm St", employee_count: 12, device_count: 30, primary_internet_use: "Design files", uses_streaming: 1, has_public_wifi: 1, phone_count: 6, interested_services: '["fiber","starlink"]', additional_comments: "" },
  { created_at: T0 + 8, viewed: 0, business_name: "Lone Survey Co", email: "lone@survey.example", phone_number: "828-555-0111", address: "3 Oak Ave", employee_count: 1, device_count: 2, primary_internet_use: "Point of sale", uses_streaming: 0, has_public_wifi: 0, phone_count: 1, interested_services: "[]", additional_comments: "Kiosk downtown." },
];

for (const engine of ENGINES) {
  const run = engine === "postgres" && postgresSkipped() ? describe.skip : describe;
  run(`migrations 0008_leads and 0009_lead_insight [${engine}]`, () => {
    it("attaches every existing contact request and survey to a lead, losing nothing", async () => {
      const fresh = await createFreshDatabase(engine);
      const db = createDb(fresh.config);
      const loose = LOOSE(db);
      try {
        await migrateUpTo(db as unknown as Kysely<unknown>, engine, "0005_mail_digest");
        for (const row of contacts) await loose.insertInto("contact_requests").values(row).execute();
        for (const row of surveys) await loose.insertInto("survey_submissions").values(row).execute();
        await loose.deleteFrom("contact_requests").where("name", "=", "Nobody Special").execute();
        const contactsBefore = await loose.selectFrom("contact_requests").selectAll().orderBy("id").execute();
        const surveysBefore = await loose.selectFrom("survey_submissions").selectAll().orderBy("id").execute();
        const eliContact = contactsBefore.find((row) => row.name === "Eli Park")!;
        await loose
          .insertInto("mail_outbox")
          .values({ created_at: T0 + 6, kind: "contact", ref_id: eliContact.id, payload: '{"to":"owner@example.com"}', status: "sent", attempts: 1, next_attempt_at: T0 + 6, sent_at: T0 + 6 })
          .execute();

        await migrateToLatest(db, engine);

        const contactsAfter = await loose.selectFrom("contact_requests").selectAll().orderBy("id").execute();
        const surveysAfter = await loose.selectFrom("survey_submissions").selectAll().orderBy("id").execute();
        expect(contactsAfter.map(({ lead_id: _lead, touch: _touch, email_key: _email, phone_key: _phone, ...row }) => row)).toEqual(contactsBefore);
        expect(surveysAfter.map(({ lead_id: _lead, touch: _touch, email_key: _email, phone_key: _phone, ...row }) => row)).toEqual(surveysBefore);
        // 0015: each row keeps the keys it is matched on.
        expect(contactsAfter.map((row) => [row.email_key, row.phone_key])).toEqual(contactsBefore.map((row) => [emailKey(String(row.email)), phoneKey(String(row.phone))]));
        expect(surveysAfter.map((row) => [row.email_key, row.phone_key])).toEqual(surveysBefore.map((row) => [emailKey(String(row.email)), phoneKey(String(row.phone_number))]));
        expect([...contactsAfter, ...surveysAfter].every((row) => row.touch === null)).toBe(true);
        expect([...contactsAfter, ...surveysAfter].every((row) => typeof row.lead_id === "number")).toBe(true);

        const leads = await db.selectFrom("leads").selectAll().orderBy("first_submitted_at").execute();
        expect(leads.map((lead) => [lead.name, lead.business, lead.email_key, lead.phone_key, lead.status, Number(lead.first_submitted_at), Number(lead.last_submitted_at)])).toEqual([
          ["Dana Whitfield", "Whitfield Law", "dana@example.com", "8645550142", "new", T0 + 1, T0 + 60_001],
          ["Eli Park", "Park Printing", "eli@park.example", "8035550190", "new", T0 + 5, T0 + 7],
          ["Lone Survey Co", "Lone Survey Co", "lone@survey.example", "8285550111", "new", T0 + 8, T0 + 8],
        ]);
        // 0009: the service line of each lead's first submission that names one, no touch yet.
        expect(leads.map((lead) => [lead.service, lead.source, lead.first_channel, lead.last_channel, lead.first_touch])).toEqual([
          ["managed-internet", "web", "Unassigned", "Unassigned", null],
          ["it-support", "web", "Unassigned", "Unassigned", null],
          [null, "web", "Unassigned", "Unassigned", null],
        ]);
        const leadOf = (name: string) => leads.find((lead) => lead.name === name)!.id;
        // An e-mail already in the outbox names its lead, and goes when the lead is erased.
        expect((await db.selectFrom("mail_outbox").select("lead_id").execute()).map((row) => row.lead_id)).toEqual([leadOf("Eli Park")]);
        expect(contactsAfter.map((row) => row.lead_id)).toEqual([leadOf("Dana Whitfield"), leadOf("Dana Whitfield"), leadOf("Eli Park")]);
        expect(surveysAfter.map((row) => row.lead_id)).toEqual([leadOf("Dana Whitfield"), leadOf("Eli Park"), leadOf("Lone Survey Co")]);

        // The desk's search works on the migrated rows.
        const { listLeads } = await import("@/server/desk/lead-list");
        const { applyDatabaseEnv, restoreDatabaseEnv } = await import("../support/test-database");
        const { closeDb } = await import("@/server/db/connection");
        const saved = applyDatabaseEnv(fresh.config);
        try {
          const query = { q: "", sort: "recent" as const, page: 1, pageSize: 25 };
          expect((await listLeads({ ...query, q: "kiosk" })).items.map((item) => item.name)).toEqual(["Lone Survey Co"]);
          expect((await listLeads({ ...query, q: "18035550190" })).items.map((item) => item.name)).toEqual(["Eli Park"]);
          expect((await listLeads({ ...query, q: "whitfield law" })).items.map((item) => [item.name, item.submissionCount])).toEqual([["Dana Whitfield", 3]]);
        } finally {
          await closeDb();
          restoreDatabaseEnv(saved);
        }
        await db.deleteFrom("leads").where("id", "=", leadOf("Eli Park")).execute();
        expect(await db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
      } finally {
        await destroyDb(db);
        await fresh.drop();
      }
    });
  });
}
