import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as exportEndpoint from "@/pages/api/admin/leads/[id]/export";
import * as mergeEndpoint from "@/pages/api/admin/leads/[id]/merge";
import * as notDuplicateEndpoint from "@/pages/api/admin/leads/[id]/not-duplicate";
import * as notesEndpoint from "@/pages/api/admin/leads/[id]/notes";
import type { LeadDetail, LeadList } from "@/lib/lead-desk";
import type { ContactRequestInput } from "@/lib/validation/contact-request-schema";
import type { SurveyInput } from "@/lib/validation/survey-schema";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { getDb } from "@/server/db/connection";
import { callEndpoint, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";

/*
 * Issue 27, item 3: a phone number alone never joins two people. An attacker who types the
 * victim's office number gets a lead of their own; the victim's survey stays the victim's.
 * The owner sees the two side by side and merges them, or says they are not one person.
 */

const ORIGIN = "http://127.0.0.1:3000";
const OFFICE_PHONE = "(864) 555-0177";

async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

async function call(handler: APIRoute | undefined, method: string, path: string, token: string, body?: unknown, params: Record<string, string> = {}): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50", cookie: `${SESSION_COOKIE}=${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  return callEndpoint(handler)(request, params);
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const addContact = (overrides: Partial<ContactRequestInput>) => submitLead("contact", { ...validContact, ...overrides });
const addSurvey = (overrides: Partial<SurveyInput>) => submitLead("survey", { ...validSurvey, ...overrides });

const getLead = async (token: string, id: number) => json<LeadDetail>(await call(leadEndpoint.GET, "GET", `/api/admin/leads/${id}`, token, undefined, { id: String(id) }));
const listLeads = async (token: string, query = "") => json<LeadList>(await call(leadsEndpoint.GET, "GET", `/api/admin/leads${query}`, token));
const decide = (endpoint: { POST?: APIRoute }, action: string, token: string, id: number, body: unknown) =>
  call(endpoint.POST, "POST", `/api/admin/leads/${id}/${action}`, token, body, { id: String(id) });

/** The attacker's contact with the victim's office number, then the victim's own survey from the office. */
async function attackerThenVictim(token: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2031-05-04T14:00:00Z") });
  await addContact({ name: "Acme Dental", email: "mallory@attacker.example", phone: OFFICE_PHONE, message: "Please call us back." });
  vi.setSystemTime(Date.parse("2031-05-04T15:00:00Z"));
  await addSurvey({ businessName: "Blue Heron Dental", email: "office@blueheron.example", phoneNumber: "+1 864 555 0177", additionalComments: "Alarm code 4411, back door." });
  vi.useRealTimers();
  const { items } = await listLeads(token, "?sort=oldest");
  expect(items.map((item) => item.email)).toEqual(["mallory@attacker.example", "office@blueheron.example"]);
  return { attacker: items[0]!.id, victim: items[1]!.id };
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("possible duplicates", () => {
  describe("a phone number alone never joins two people", () => {
    it("gives the victim's survey a lead of its own, shown beside the attacker's as a possible duplicate", async () => {
      const token = await session();
      const { attacker, victim } = await attackerThenVictim(token);
      const attackerLead = await getLead(token, attacker);
      const victimLead = await getLead(token, victim);
      expect(attackerLead.submissions.map((submission) => submission.kind)).toEqual(["contact"]);
      expect(victimLead.submissions.map((submission) => submission.kind)).toEqual(["survey"]);
      expect(attackerLead.possibleDuplicates).toEqual([{ id: victim, name: "Blue Heron Dental", reason: "Same phone number" }]);
      expect(victimLead.possibleDuplicates).toEqual([{ id: attacker, name: "Acme Dental", reason: "Same phone number" }]);

      // The attacker's export holds nothing of the victim's, and erasing the attacker leaves the victim whole.
      const exported = await (await call(exportEndpoint.GET, "GET", `/api/admin/leads/${attacker}/export`, token, undefined, { id: String(attacker) })).text();
      expect(exported).not.toContain("Alarm code");
      expect(exported).not.toContain("office@blueheron.example");
      expect((await call(leadEndpoint.DELETE, "DELETE", `/api/admin/leads/${attacker}`, token, undefined, { id: String(attacker) })).status).toBe(204);
      const after = await getLead(token, victim);
      expect(after.submissions).toHaveLength(1);
      expect(after.possibleDuplicates).toEqual([]);
    });

    it("still joins by e-mail whatever the phone, and a second stranger with the number is suggested too", async () => {
      const token = await session();
      const { attacker, victim } = await attackerThenVictim(token);
      await addContact({ name: "Blue Heron Dental", email: "OFFICE@blueheron.example", phone: "(803) 555-0100", message: "From my cell now." });
      await addContact({ name: "Front desk", email: "frontdesk@blueheron.example", phone: OFFICE_PHONE, message: "Same switchboard." });
      const items = (await listLeads(token)).items.sort((a, b) => a.id - b.id);
      expect(items.map((item) => [item.email, item.submissionCount])).toEqual([
        ["mallory@attacker.example", 1],
        ["office@blueheron.example", 2],
        ["frontdesk@blueheron.example", 1],
      ]);
      const third = items[2]!.id;
      expect((await getLead(token, attacker)).possibleDuplicates.map((other) => other.id).sort((a, b) => a - b)).toEqual([victim, third]);
    });
  });

  describe("the owner decides", () => {
    it("Merge: one lead with both people's submissions and timelines, the newest contact details, in the audit log", async () => {
      const token = await session();
      const { attacker, victim } = await attackerThenVictim(token);
      await json(await call(notesEndpoint.POST, "POST", `/api/admin/leads/${attacker}/notes`, token, { text: "Asked for Dr. Heron." }, { id: String(attacker) }), 201);

      const merged = await json<LeadDetail>(await decide(mergeEndpoint, "merge", token, attacker, { leadId: victim }));
      expect(merged.id).toBe(attacker);
      expect(merged.submissions.map((submission) => submission.kind)).toEqual(["survey", "contact"]);
      // The survey came last: its details are the lead's now.
      expect(merged).toMatchObject({ name: "Blue Heron Dental", email: "office@blueheron.example", submissionCount: 2, possibleDuplicates: [] });
      expect(merged.timeline.map((entry) => entry.type)).toEqual(expect.arrayContaining(["merged", "note", "submission"]));
      expect(merged.timeline.find((entry) => entry.type === "merged")).toEqual(expect.objectContaining({ type: "merged", mergedLeadId: victim }));
      expect((await call(leadEndpoint.GET, "GET", `/api/admin/leads/${victim}`, token, undefined, { id: String(victim) })).status).toBe(404);

      // Both addresses find the one lead, in search and for the next submission.
      expect((await listLeads(token, "?q=blueheron")).items.map((item) => item.id)).toEqual([attacker]);
      expect((await listLeads(token, "?q=mallory")).items.map((item) => item.id)).toEqual([attacker]);
      await addContact({ name: "Blue Heron Dental", email: "office@blueheron.example", phone: OFFICE_PHONE, message: "One more thing." });
      expect((await listLeads(token)).total).toBe(1);

      const db = await getDb();
      const audited = await db.selectFrom("admin_audit_log").select(["action", "target_id", "detail"]).where("action", "=", "lead.merged").execute();
      expect(audited).toEqual([{ action: "lead.merged", target_id: String(attacker), detail: JSON.stringify({ mergedLeadId: victim }) }]);
      expect(await db.selectFrom("lead_duplicates").selectAll().execute()).toEqual([]);
    });

    it("Not the same person: the suggestion goes for good, on both leads", async () => {
      const token = await session();
      const { attacker, victim } = await attackerThenVictim(token);
      const kept = await json<LeadDetail>(await decide(notDuplicateEndpoint, "not-duplicate", token, victim, { leadId: attacker }));
      expect(kept.possibleDuplicates).toEqual([]);
      expect((await getLead(token, attacker)).possibleDuplicates).toEqual([]);
      // Writing again changes nothing, and merging the pair is refused now.
      await addSurvey({ businessName: "Blue Heron Dental", email: "office@blueheron.example", phoneNumber: OFFICE_PHONE, employeeCount: 9 });
      expect((await getLead(token, victim)).possibleDuplicates).toEqual([]);
      expect((await decide(mergeEndpoint, "merge", token, attacker, { leadId: victim })).status).toBe(409);
      const db = await getDb();
      expect((await db.selectFrom("admin_audit_log").select("action").where("action", "=", "lead.not_duplicate").execute()).length).toBe(1);
    });

    it("answers bad input with JSON 4xx: no such lead, the lead itself, no body, a pair never suggested", async () => {
      const token = await session();
      const { attacker } = await attackerThenVictim(token);
      const stranger = (await addContact({ name: "Someone Else", email: "else@example.com", phone: "(864) 555-0999" })).id;
      const strangerLead = (await listLeads(token, "?q=else")).items[0]!.id;
      expect(stranger).toBeGreaterThan(0);
      const cases: [unknown, number][] = [
        [{ leadId: 999_999 }, 404],
        [{ leadId: attacker }, 400],
        [{ leadId: "two" }, 400],
        ["{not json", 400],
        [{ leadId: strangerLead }, 409],
      ];
      for (const [body, status] of cases) {
        const response = await decide(mergeEndpoint, "merge", token, attacker, body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(response.headers.get("content-type")).toContain("application/json");
      }
      expect((await call(mergeEndpoint.POST, "POST", `/api/admin/leads/${attacker}/merge`, "not-a-session", { leadId: 2 }, { id: String(attacker) })).status).toBe(401);
    });
  });
});
