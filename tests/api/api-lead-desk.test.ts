import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { parse as parseCsv } from "csv-parse/sync";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as contactsEndpoint from "@/pages/api/admin/contacts";
import * as contactsCsvEndpoint from "@/pages/api/admin/contacts.csv";
import * as contactEndpoint from "@/pages/api/admin/contacts/[id]";
import * as countsEndpoint from "@/pages/api/admin/counts";
import * as surveysEndpoint from "@/pages/api/admin/surveys";
import * as surveysCsvEndpoint from "@/pages/api/admin/surveys.csv";
import * as surveyViewEndpoint from "@/pages/api/admin/surveys/[id]/view";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as callsEndpoint from "@/pages/api/admin/leads/[id]/calls";
import * as notesEndpoint from "@/pages/api/admin/leads/[id]/notes";
import * as noteEndpoint from "@/pages/api/admin/leads/[id]/notes/[noteId]";
import * as viewEndpoint from "@/pages/api/admin/leads/[id]/view";
import * as todayEndpoint from "@/pages/api/admin/today";
import type { LeadDetail, LeadList, LeadListItem, TodayView } from "@/lib/lead-desk";
import type { ContactRequestInput } from "@/lib/validation/contact-request-schema";
import type { SurveyInput } from "@/lib/validation/survey-schema";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { getDb } from "@/server/db/connection";
import { listOutbox } from "@/server/mail/mail-outbox";
import { callEndpoint, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";

const ORIGIN = "http://127.0.0.1:3000";

const endpoints = {
  leads: leadsEndpoint,
  lead: leadEndpoint,
  calls: callsEndpoint,
  notes: notesEndpoint,
  note: noteEndpoint,
  view: viewEndpoint,
  today: todayEndpoint,
} as const;

/** A signed-in session planted at the current (possibly faked) time. */
async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

type CallOptions = { token?: string; body?: unknown; raw?: string; contentType?: string; origin?: string; params?: Record<string, string> };

async function call(handler: APIRoute | undefined, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50" };
  if (options.token !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.token}`;
  if (options.origin !== undefined) headers.origin = options.origin;
  const hasBody = options.body !== undefined || options.raw !== undefined;
  if (hasBody) headers["content-type"] = options.contentType ?? "application/json";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: hasBody ? (options.raw ?? JSON.stringify(options.body)) : undefined });
  return callEndpoint(handler)(request, options.params ?? {});
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Submits a lead, `withMail` with mail configured for that one submission so it queues the owner's e-mail. */
async function submitWithMail(kind: "contact" | "survey", input: unknown, withMail: boolean) {
  if (withMail) stubLeadMail();
  try {
    return await submitLead(kind, input);
  } finally {
    vi.unstubAllEnvs();
  }
}

async function addContact(overrides: Partial<ContactRequestInput> = {}, withMail = false) {
  return submitWithMail("contact", { ...validContact, ...overrides }, withMail);
}

async function addSurvey(overrides: Partial<SurveyInput> = {}, withMail = false) {
  return submitWithMail("survey", { ...validSurvey, ...overrides }, withMail);
}

async function listLeads(token: string, query = ""): Promise<LeadList> {
  return json<LeadList>(await call(endpoints.leads.GET, "GET", `/api/admin/leads${query}`, { token }));
}

async function getLead(token: string, id: number): Promise<LeadDetail> {
  return json<LeadDetail>(await call(endpoints.lead.GET, "GET", `/api/admin/leads/${id}`, { token, params: { id: String(id) } }));
}

function patchLead(token: string, id: number, body: unknown): Promise<Response> {
  return call(endpoints.lead.PATCH, "PATCH", `/api/admin/leads/${id}`, { token, body, params: { id: String(id) } });
}

async function onlyLead(token: string, query = ""): Promise<LeadListItem> {
  const list = await listLeads(token, query);
  expect(list.items).toHaveLength(1);
  return list.items[0]!;
}

async function today(token: string): Promise<TodayView> {
  return json<TodayView>(await call(endpoints.today.GET, "GET", "/api/admin/today", { token }));
}

/** What the back office's inbox shows: both lists' ids (newest first), both CSVs' ids and the unviewed counts. */
async function inbox(token: string) {
  const ids = async (handler: APIRoute | undefined, path: string) => (await json<{ id: number }[]>(await call(handler, "GET", path, { token }))).map((row) => row.id);
  const csvIds = async (handler: APIRoute | undefined, path: string) => {
    const response = await call(handler, "GET", path, { token });
    expect(response.status).toBe(200);
    const [, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, "")) as string[][];
    return rows.map((row) => Number(row[0]));
  };
  const counts = await json<Record<string, number>>(await call(countsEndpoint.GET, "GET", "/api/admin/counts", { token }));
  return {
    surveys: await ids(surveysEndpoint.GET, "/api/admin/surveys"),
    contacts: await ids(contactsEndpoint.GET, "/api/admin/contacts"),
    surveysCsv: await csvIds(surveysCsvEndpoint.GET, "/api/admin/surveys.csv"),
    contactsCsv: await csvIds(contactsCsvEndpoint.GET, "/api/admin/contacts.csv"),
    counts: { surveys: counts.surveys, contacts: counts.contacts },
  };
}

function at(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("lead desk API", () => {
  describe("one lead per person", () => {
    it("joins a survey to the contact's lead by e-mail, whatever its case and spaces", async () => {
      await addContact();
      await addSurvey({ email: "  DANA@Example.com ", phoneNumber: "803-555-0100" });
      const token = await session();
      const lead = await onlyLead(token);
      expect(lead).toMatchObject({ name: validContact.name, business: validSurvey.businessName, email: validContact.email, submissionCount: 2, status: "new" });
      expect(lead.kinds).toEqual(["contact", "survey"]);
    });

    it("never joins by phone alone: another e-mail with the same number (with or without the leading 1) is a new lead, suggested as a possible duplicate", async () => {
      await addContact({ email: "a@example.com", phone: "(864) 555-0142" });
      await addSurvey({ email: "b@example.com", phoneNumber: "+1 864.555.0142" });
      await addContact({ email: "c@example.com", phone: "1-864-555-0199", message: "Another person entirely." });
      const token = await session();
      const list = await listLeads(token, "?sort=oldest");
      expect(list.total).toBe(3);
      const [first, second, third] = [...list.items].sort((a, b) => a.id - b.id);
      expect([first, second, third].map((item) => [item!.email, item!.submissionCount])).toEqual([
        ["a@example.com", 1],
        ["b@example.com", 1],
        ["c@example.com", 1],
      ]);
      expect((await getLead(token, first!.id)).possibleDuplicates).toEqual([{ id: second!.id, name: validSurvey.businessName, reason: "Same phone number" }]);
      expect((await getLead(token, third!.id)).possibleDuplicates).toEqual([]);
    });

    it("finds the lead through any address the person has used, and quick add refuses a number a lead has", async () => {
      await addContact({ email: "dana@example.com", phone: "(864) 555-0142" });
      // From her address with a new number: still Dana, and the number is one of hers now.
      await addContact({ email: " DANA@example.com", phone: "(864) 555-0177", message: "From my new cell." });
      const token = await session();
      const lead = await onlyLead(token);
      expect(lead).toMatchObject({ email: "dana@example.com", submissionCount: 2 });

      // Quick add (no e-mail) may still find the person by phone: it refuses, pointing at her lead, by either number.
      for (const phone of ["864-555-0142", "+1 864 555 0177"]) {
        const duplicate = await call(endpoints.leads.POST, "POST", "/api/admin/leads", { token, body: { name: "Dana", phone, source: "phone" } });
        expect(duplicate.status).toBe(409);
        expect(await duplicate.json()).toMatchObject({ leadId: lead.id });
      }
    });

    it("folds an identical submission within 10 minutes (same id, one notification) but stores it after", async () => {
      at("2031-03-02T15:00:00Z");
      const first = await addContact({}, true);
      vi.setSystemTime(new Date("2031-03-02T15:09:59Z"));
      const again = await addContact({}, true);
      expect(again.id).toBe(first.id);
      vi.setSystemTime(new Date("2031-03-02T15:10:01Z"));
      const later = await addContact({}, true);
      expect(later.id).not.toBe(first.id);
      const changed = await addContact({ message: "Same person, a different message now." }, true);
      expect(changed.id).not.toBe(later.id);
      const token = await session();
      const lead = await onlyLead(token);
      expect(lead.submissionCount).toBe(3);
      expect((await listOutbox()).map((item) => item.refId)).toEqual([first.id, later.id, changed.id]);
    });

    it("keeps the surveys and contacts APIs as they were, and a deleted submission leaves the lead consistent", async () => {
      const contact = await addContact();
      await addSurvey({ email: validContact.email });
      const token = await session();
      const surveys = await json<Record<string, unknown>[]>(await call(surveysEndpoint.GET, "GET", "/api/admin/surveys", { token }));
      expect(Object.keys(surveys[0]!).sort()).toEqual(
        ["id", "createdAt", "viewed", "businessName", "email", "phoneNumber", "address", "employeeCount", "deviceCount", "primaryInternetUse", "usesStreaming", "hasPublicWifi", "phoneCount", "interestedServices", "additionalComments"].sort(),
      );
      const lead = await onlyLead(token);
      const removed = await call(contactEndpoint.DELETE, "DELETE", `/api/admin/contacts/${contact.id}`, { token, params: { id: String(contact.id) } });
      expect(removed.status).toBe(200);
      expect(await onlyLead(token)).toMatchObject({ id: lead.id, submissionCount: 1, kinds: ["survey"] });
      expect(await listLeads(token, `?q=${encodeURIComponent("failover")}`)).toMatchObject({ total: 0 });

      const survey = (await getLead(token, lead.id)).submissions[0]!;
      const surveyEndpoint = await import("@/pages/api/admin/surveys/[id]");
      expect((await call(surveyEndpoint.DELETE, "DELETE", `/api/admin/surveys/${survey.id}`, { token, params: { id: String(survey.id) } })).status).toBe(200);
      expect(await listLeads(token)).toMatchObject({ total: 0, items: [] });
      expect((await call(endpoints.lead.GET, "GET", `/api/admin/leads/${lead.id}`, { token, params: { id: String(lead.id) } })).status).toBe(404);
    });
    it("GET /api/admin/leads/{id} lists the lead's submissions newest first, each with its id, kind and time", async () => {
      at("2031-03-02T15:00:00Z");
      const contact = await addContact();
      vi.setSystemTime(new Date("2031-03-04T09:30:00Z"));
      const survey = await addSurvey({ email: validContact.email });
      const token = await session();
      const lead = await getLead(token, (await onlyLead(token)).id);
      expect(lead.submissions.map(({ id, kind, submittedAt }) => ({ id, kind, submittedAt }))).toEqual([
        { id: survey.id, kind: "survey", submittedAt: "2031-03-04T09:30:00.000Z" },
        { id: contact.id, kind: "contact", submittedAt: "2031-03-02T15:00:00.000Z" },
      ]);
      // Each carries its kind's fields as the inbox shows them.
      expect(lead.submissions[0]).toMatchObject({ businessName: validSurvey.businessName, createdAt: "2031-03-04T09:30:00.000Z" });
      expect(lead.submissions[1]).toMatchObject({ name: validContact.name, message: validContact.message, createdAt: "2031-03-02T15:00:00.000Z" });
    });
  });

  describe("pipeline", () => {
    it("moves a lead to Contacted, which sets its speed to lead, and records each change on the timeline", async () => {
      at("2031-03-02T15:00:00Z");
      const { id: submissionId } = await addContact();
      const token = await session();
      const { id } = await onlyLead(token);
      vi.setSystemTime(new Date("2031-03-02T15:07:30Z"));
      const updated = await json<LeadDetail>(await patchLead(token, id, { status: "contacted" }));
      expect(updated).toMatchObject({ status: "contacted", firstResponseAt: "2031-03-02T15:07:30.000Z", speedToLeadSeconds: 450 });
      vi.setSystemTime(new Date("2031-03-02T15:20:00Z"));
      await json<LeadDetail>(await patchLead(token, id, { status: "new" }));
      vi.setSystemTime(new Date("2031-03-02T15:30:00Z"));
      const back = await json<LeadDetail>(await patchLead(token, id, { status: "quoted" }));
      // The first response stays the first.
      expect(back.speedToLeadSeconds).toBe(450);
      expect(back.timeline.map((entry) => [entry.type, entry.at])).toEqual([
        ["status", "2031-03-02T15:30:00.000Z"],
        ["status", "2031-03-02T15:20:00.000Z"],
        ["status", "2031-03-02T15:07:30.000Z"],
        ["submission", "2031-03-02T15:00:00.000Z"],
      ]);
      expect(back.timeline[0]).toMatchObject({ from: "new", to: "quoted" });
      expect(back.timeline[3]).toMatchObject({ kind: "contact", submissionId, id: `submission-contact-${submissionId}` });
    });

    it("refuses Lost without a reason, and Other without a note; keeps the reason and note when given", async () => {
      await addContact();
      const token = await session();
      const { id } = await onlyLead(token);
      const missing = await json<{ error: string; fieldErrors: Record<string, string> }>(await patchLead(token, id, { status: "lost" }), 400);
      expect(missing.fieldErrors.lostReason).toBe("A lost lead needs a reason.");
      const other = await json<{ fieldErrors: Record<string, string> }>(await patchLead(token, id, { status: "lost", lostReason: "other" }), 400);
      expect(other.fieldErrors.lostNote).toBeTruthy();
      const badReason = await json<{ fieldErrors: Record<string, string> }>(await patchLead(token, id, { status: "lost", lostReason: "bored" }), 400);
      expect(badReason.fieldErrors.lostReason).toBeTruthy();
      const tooLong = await patchLead(token, id, { status: "lost", lostReason: "price", lostNote: "x".repeat(501) });
      expect(tooLong.status).toBe(400);
      expect((await getLead(token, id)).status).toBe("new");

      const lost = await json<LeadDetail>(await patchLead(token, id, { status: "lost", lostReason: "price", lostNote: "Went with the cable company." }));
      expect(lost).toMatchObject({ status: "lost", lostReason: "price", lostNote: "Went with the cable company." });
      expect(lost.timeline[0]).toMatchObject({ type: "status", from: "new", to: "lost", lostReason: "price", lostNote: "Went with the cable company." });
      const reopened = await json<LeadDetail>(await patchLead(token, id, { status: "quoted" }));
      expect(reopened).toMatchObject({ status: "quoted", lostReason: null, lostNote: null });
    });

    it("Spam hides the lead everywhere but its filter and holds its notifications; Not spam sends them", async () => {
      await addContact({}, true);
      const token = await session();
      const { id } = await onlyLead(token);
      expect((await listOutbox()).map((item) => item.status)).toEqual(["pending"]);

      await json<LeadDetail>(await patchLead(token, id, { status: "spam" }));
      expect(await listOutbox()).toEqual([]);
      expect(await listLeads(token)).toMatchObject({ total: 0 });
      expect(await listLeads(token, "?q=dana")).toMatchObject({ total: 0 });
      expect((await today(token)).groups.new.items).toEqual([]);
      const counts = await json<Record<string, number>>(await call(countsEndpoint.GET, "GET", "/api/admin/counts", { token }));
      expect(counts.leadsNew).toBe(0);
      expect((await onlyLead(token, "?status=spam")).id).toBe(id);

      // A new submission joins the Spam lead: stored, its notification held.
      await addContact({ message: "Buy cheap watches, best prices online." }, true);
      expect((await getLead(token, id)).submissionCount).toBe(2);
      expect(await listOutbox()).toEqual([]);

      const released = await json<LeadDetail>(await patchLead(token, id, { status: "new" }));
      expect(released.status).toBe("new");
      const outbox = await listOutbox();
      expect(outbox.map((item) => item.status)).toEqual(["pending", "pending"]);
      // The real owner's e-mails, both of this lead's (the hand-made ones were both "New lead").
      const subject = expect.stringContaining("New contact request: Dana Whitfield");
      expect(outbox.map((item) => item.payload.subject)).toEqual([subject, subject]);
      expect((await onlyLead(token)).id).toBe(id);
    });

    it("Spam takes the lead's submissions out of the inbox lists, both CSVs and the counts; Not spam brings them back", async () => {
      at("2031-03-02T15:00:00Z");
      const contact = await addContact();
      vi.setSystemTime(new Date("2031-03-02T15:01:00Z"));
      const survey = await addSurvey({ email: validContact.email });
      vi.setSystemTime(new Date("2031-03-02T15:02:00Z"));
      const other = await addContact({ name: "Other Person", email: "other@example.com", phone: "864-555-0199", message: "Someone else entirely." });
      vi.setSystemTime(new Date("2031-03-02T15:03:00Z"));
      const unlinked = await addContact({ name: "No Lead", email: "nolead@example.com", phone: "864-555-0177", message: "Stored before the leads existed." });
      // A row the leads migration never reached has no lead; nothing hides it.
      const db = await getDb();
      await db.updateTable("contact_requests").set({ lead_id: null }).where("id", "=", unlinked.id).execute();
      const token = await session();
      const spamLead = (await listLeads(token, `?q=${encodeURIComponent(validContact.email)}`)).items[0]!;
      const everything = {
        surveys: [survey.id],
        contacts: [unlinked.id, other.id, contact.id],
        surveysCsv: [survey.id],
        contactsCsv: [unlinked.id, other.id, contact.id],
        counts: { surveys: 1, contacts: 3 },
      };
      expect(await inbox(token)).toEqual(everything);

      await json<LeadDetail>(await patchLead(token, spamLead.id, { status: "spam" }));
      expect(await inbox(token)).toEqual({
        surveys: [],
        contacts: [unlinked.id, other.id],
        surveysCsv: [],
        contactsCsv: [unlinked.id, other.id],
        counts: { surveys: 0, contacts: 2 },
      });
      // By id the inbox still reaches a Spam lead's submission: it can be opened, and deleted for good.
      const viewed = await call(surveyViewEndpoint.POST, "POST", `/api/admin/surveys/${survey.id}/view`, { token, params: { id: String(survey.id) } });
      expect(viewed.status).toBe(200);

      await json<LeadDetail>(await patchLead(token, spamLead.id, { status: "new" }));
      expect(await inbox(token)).toEqual({ ...everything, counts: { surveys: 0, contacts: 3 } });

      await json<LeadDetail>(await patchLead(token, spamLead.id, { status: "spam" }));
      const removed = await call(contactEndpoint.DELETE, "DELETE", `/api/admin/contacts/${contact.id}`, { token, params: { id: String(contact.id) } });
      expect(removed.status).toBe(200);
      expect((await getLead(token, spamLead.id)).submissions.map((submission) => [submission.kind, submission.id])).toEqual([["survey", survey.id]]);
    });
  });

  describe("timeline", () => {
    it("holds submissions, opened, notes (added, edited, deleted), calls and follow-ups, newest first", async () => {
      at("2031-04-01T13:00:00Z");
      await addContact();
      const token = await session();
      const { id } = await onlyLead(token);
      const params = { id: String(id) };

      vi.setSystemTime(new Date("2031-04-01T13:01:00Z"));
      expect((await call(endpoints.view.POST, "POST", `/api/admin/leads/${id}/view`, { token, params })).status).toBe(204);
      vi.setSystemTime(new Date("2031-04-01T13:20:00Z"));
      expect((await call(endpoints.view.POST, "POST", `/api/admin/leads/${id}/view`, { token, params })).status).toBe(204);

      vi.setSystemTime(new Date("2031-04-01T13:30:00Z"));
      const { note } = await json<{ note: { id: number; text: string; at: string; editedAt: string | null } }>(
        await call(endpoints.notes.POST, "POST", `/api/admin/leads/${id}/notes`, { token, params, body: { text: "  Wants a quote by Friday.  " } }),
        201,
      );
      expect(note).toMatchObject({ text: "Wants a quote by Friday.", at: "2031-04-01T13:30:00.000Z", editedAt: null });
      const second = await json<{ note: { id: number } }>(await call(endpoints.notes.POST, "POST", `/api/admin/leads/${id}/notes`, { token, params, body: { text: "Scratch this." } }), 201);

      vi.setSystemTime(new Date("2031-04-01T13:40:00Z"));
      const noteParams = { id: String(id), noteId: String(note.id) };
      const edited = await json<{ note: { editedAt: string } }>(await call(endpoints.note.PATCH, "PATCH", `/api/admin/leads/${id}/notes/${note.id}`, { token, params: noteParams, body: { text: "Wants a quote by Monday." } }));
      expect(edited.note.editedAt).toBe("2031-04-01T13:40:00.000Z");
      const gone = { id: String(id), noteId: String(second.note.id) };
      expect((await call(endpoints.note.DELETE, "DELETE", `/api/admin/leads/${id}/notes/${second.note.id}`, { token, params: gone })).status).toBe(204);
      expect((await call(endpoints.note.DELETE, "DELETE", `/api/admin/leads/${id}/notes/${second.note.id}`, { token, params: gone })).status).toBe(404);

      vi.setSystemTime(new Date("2031-04-01T14:00:00Z"));
      const called = await json<LeadDetail>(
        await call(endpoints.calls.POST, "POST", `/api/admin/leads/${id}/calls`, { token, params, body: { outcome: "voicemail", note: "Left a message.", nextFollowUpAt: "2031-04-03T14:00:00Z" } }),
        201,
      );
      expect(called).toMatchObject({ status: "contacted", firstResponseAt: "2031-04-01T14:00:00.000Z", speedToLeadSeconds: 3600, nextFollowUpAt: "2031-04-03T14:00:00.000Z" });

      vi.setSystemTime(new Date("2031-04-03T15:00:00Z"));
      const done = await json<LeadDetail>(await patchLead(await session(), id, { nextFollowUpAt: null }));
      expect(done.nextFollowUpAt).toBeNull();

      // What one call did at one instant is listed in the order it happened, newest first: call, then status, then follow-up.
      expect(done.timeline.map((entry) => entry.type)).toEqual(["follow_up_done", "follow_up_set", "status", "call", "note", "opened", "submission"]);
      const byType = Object.fromEntries(done.timeline.map((entry) => [entry.type, entry]));
      expect(byType.follow_up_done).toMatchObject({ dueAt: "2031-04-03T14:00:00.000Z", at: "2031-04-03T15:00:00.000Z" });
      expect(byType.call).toMatchObject({ outcome: "voicemail", note: "Left a message.", at: "2031-04-01T14:00:00.000Z" });
      expect(byType.note).toMatchObject({ noteId: note.id, text: "Wants a quote by Monday.", editedAt: "2031-04-01T13:40:00.000Z", at: "2031-04-01T13:30:00.000Z" });
      expect(byType.opened).toMatchObject({ at: "2031-04-01T13:01:00.000Z" });
      expect(done.timeline.filter((entry) => entry.type === "opened")).toHaveLength(1);
      expect(new Set(done.timeline.map((entry) => entry.id)).size).toBe(done.timeline.length);
    });

    it("answers 404 for a note of another lead and for a lead that does not exist", async () => {
      await addContact();
      await addContact({ email: "other@example.com", phone: "803-555-0111" });
      const token = await session();
      const [first, second] = (await listLeads(token, "?sort=oldest")).items;
      const { note } = await json<{ note: { id: number } }>(await call(endpoints.notes.POST, "POST", `/api/admin/leads/${first!.id}/notes`, { token, params: { id: String(first!.id) }, body: { text: "Mine." } }), 201);
      const wrongLead = { id: String(second!.id), noteId: String(note.id) };
      expect((await call(endpoints.note.PATCH, "PATCH", "/x", { token, params: wrongLead, body: { text: "Hijack" } })).status).toBe(404);
      expect((await call(endpoints.note.DELETE, "DELETE", "/x", { token, params: wrongLead })).status).toBe(404);
      const missing = { id: "999999" };
      expect((await call(endpoints.lead.GET, "GET", "/x", { token, params: missing })).status).toBe(404);
      expect((await call(endpoints.lead.PATCH, "PATCH", "/x", { token, params: missing, body: { status: "won" } })).status).toBe(404);
      expect((await call(endpoints.view.POST, "POST", "/x", { token, params: missing })).status).toBe(404);
      expect((await call(endpoints.notes.POST, "POST", "/x", { token, params: missing, body: { text: "x" } })).status).toBe(404);
      expect((await call(endpoints.calls.POST, "POST", "/x", { token, params: missing, body: { outcome: "reached" } })).status).toBe(404);
    });
  });

  describe("Today", () => {
    it("lists uncontacted leads, follow-ups due by the end of today in New York, and the 30-day median speed to lead", async () => {
      // 2031-06-10 22:00 in New York (EDT) is 02:00 UTC on the 11th.
      at("2031-05-01T12:00:00Z");
      await addContact({ name: "Too Old", email: "old@example.com", phone: "803-555-0001" });
      at("2031-06-10T12:00:00Z");
      await addContact({ name: "Ann First", email: "ann@example.com", phone: "803-555-0002" });
      at("2031-06-10T13:00:00Z");
      await addContact({ name: "Ben Second", email: "ben@example.com", phone: "803-555-0003" });
      await addContact({ name: "Cal Third", email: "cal@example.com", phone: "803-555-0004" });
      await addContact({ name: "Dee Fourth", email: "dee@example.com", phone: "803-555-0005" });
      at("2031-06-11T01:00:00Z");
      const token = await session();
      const ids = Object.fromEntries((await listLeads(token)).items.map((item) => [item.name, item.id]));

      // Responses: old lead (outside 30 days) 1 s, Ben 60 s... measured from first submission.
      at("2031-05-01T12:00:01Z");
      await patchLead(await session(), ids["Too Old"]!, { status: "contacted" });
      at("2031-06-10T13:01:00Z");
      await patchLead(await session(), ids["Ben Second"]!, { status: "contacted", nextFollowUpAt: "2031-06-11T03:30:00Z" });
      at("2031-06-10T13:05:00Z");
      await call(endpoints.calls.POST, "POST", "/x", { token: await session(), params: { id: String(ids["Cal Third"]) }, body: { outcome: "reached", nextFollowUpAt: "2031-06-11T04:30:00Z" } });
      at("2031-06-10T13:10:00Z");
      await patchLead(await session(), ids["Dee Fourth"]!, { status: "won", nextFollowUpAt: "2031-06-09T12:00:00Z" });
      await patchLead(await session(), ids["Too Old"]!, { nextFollowUpAt: "2031-06-01T12:00:00Z" });

      at("2031-06-11T02:00:00Z");
      const view = await today(await session());
      expect(view.groups.new.items.map((item) => item.name)).toEqual(["Ann First"]);
      expect(view.groups.new.total).toBe(1);
      // Overdue first; Cal's is after midnight in New York (tomorrow); Dee is Won.
      expect(view.groups["follow-ups"].items.map((item) => item.name)).toEqual(["Too Old", "Ben Second"]);
      expect(view.groups["follow-ups"].total).toBe(2);
      // Ben 60 s, Cal 300 s, Dee 600 s: median 300 s; the old lead is outside the 30 days.
      expect(view.speedToLead).toEqual({ medianSeconds: 300, leads: 3 });
      expect(view.now).toBe("2031-06-11T02:00:00.000Z");

      const counts = await json<Record<string, number>>(await call(countsEndpoint.GET, "GET", "/api/admin/counts", { token: await session() }));
      expect(counts).toMatchObject({ leadsNew: 1, followUpsDue: 2 });
    });

    it("has no median before any lead is answered, and averages the middle two of an even count", async () => {
      at("2031-06-10T12:00:00Z");
      await addContact();
      await addContact({ email: "x@example.com", phone: "803-555-0100" });
      let token = await session();
      expect((await today(token)).speedToLead).toEqual({ medianSeconds: null, leads: 0 });
      const [a, b] = (await listLeads(token)).items;
      at("2031-06-10T12:01:00Z");
      token = await session();
      await patchLead(token, a!.id, { status: "contacted" });
      at("2031-06-10T12:03:00Z");
      token = await session();
      await patchLead(token, b!.id, { status: "contacted" });
      expect((await today(token)).speedToLead).toEqual({ medianSeconds: 120, leads: 2 });
    });
  });

  describe("search, filters, sort and paging", () => {
    async function seed() {
      at("2031-02-01T15:00:00Z");
      await addContact({ name: "Dana Whitfield", email: "dana@whitfield.example", phone: "(864) 555-0142", projectType: "managed-internet", message: "Failover for two offices please." });
      at("2031-02-03T15:00:00Z");
      await addSurvey({ businessName: "Blue Heron Dental", email: "office@blueheron.example", phoneNumber: "803-555-0123", interestedServices: ["voip"], additionalComments: "Imaging suite upstairs." });
      at("2031-02-05T15:00:00Z");
      await addContact({ name: "Zeke Åström", email: "zeke@example.org", phone: "+1 704 555 0177", projectType: "security-cameras", message: "Cameras for the warehouse dock." });
      vi.useRealTimers();
      return session();
    }

    it("finds a lead by name, business, e-mail, phone digits and message words", async () => {
      const token = await seed();
      const names = async (q: string) => (await listLeads(token, `?q=${encodeURIComponent(q)}`)).items.map((item) => item.name);
      expect(await names("dana")).toEqual(["Dana Whitfield"]);
      expect(await names("WHITF")).toEqual(["Dana Whitfield"]);
      expect(await names("heron dental")).toEqual(["Blue Heron Dental"]);
      expect(await names("office@blueheron.example")).toEqual(["Blue Heron Dental"]);
      expect(await names("zeke@example.org")).toEqual(["Zeke Åström"]);
      expect(await names("8645550142")).toEqual(["Dana Whitfield"]);
      expect(await names("18645550142")).toEqual(["Dana Whitfield"]);
      expect(await names("555-0177")).toEqual(["Zeke Åström"]);
      expect(await names("7045550177")).toEqual(["Zeke Åström"]);
      expect(await names("failover")).toEqual(["Dana Whitfield"]);
      expect(await names("warehouse")).toEqual(["Zeke Åström"]);
      expect(await names("imaging")).toEqual(["Blue Heron Dental"]);
      expect(await names("astrom")).toEqual(["Zeke Åström"]);
      expect(await names("warehouse dana")).toEqual([]);
      expect(await names("nothing-like-this")).toEqual([]);
      expect(await names(`"' OR 1=1 -- * ( NEAR`)).toEqual([]);
    });

    it("filters by status, kind, service and dates; sorts; and pages on the server", async () => {
      const token = await seed();
      const names = async (query: string) => (await listLeads(token, query)).items.map((item) => item.name);
      expect(await names("?kind=survey")).toEqual(["Blue Heron Dental"]);
      expect(await names("?kind=contact")).toEqual(["Zeke Åström", "Dana Whitfield"]);
      expect(await names("?service=voip")).toEqual(["Blue Heron Dental"]);
      expect(await names("?service=security-cameras")).toEqual(["Zeke Åström"]);
      expect(await names("?service=security-cameras&kind=survey")).toEqual([]);
      expect(await names("?from=2031-02-02&to=2031-02-04")).toEqual(["Blue Heron Dental"]);
      expect(await names("?to=2031-02-01")).toEqual(["Dana Whitfield"]);
      expect(await names("?sort=oldest")).toEqual(["Dana Whitfield", "Blue Heron Dental", "Zeke Åström"]);
      expect(await names("?sort=name")).toEqual(["Blue Heron Dental", "Dana Whitfield", "Zeke Åström"]);

      const [zeke, heron] = (await listLeads(token)).items;
      await patchLead(token, heron!.id, { nextFollowUpAt: "2031-03-01T12:00:00Z" });
      await patchLead(token, zeke!.id, { status: "quoted", nextFollowUpAt: "2031-02-20T12:00:00Z" });
      expect(await names("?sort=follow-up")).toEqual(["Zeke Åström", "Blue Heron Dental", "Dana Whitfield"]);
      expect(await names("?status=quoted")).toEqual(["Zeke Åström"]);
      expect(await names("?status=new&q=dana")).toEqual(["Dana Whitfield"]);

      const page2 = await listLeads(token, "?pageSize=2&page=2");
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((item) => item.name)).toEqual(["Dana Whitfield"]);
      expect(await listLeads(token, "?page=9")).toMatchObject({ total: 3, items: [] });
      const first = (await listLeads(token, "?pageSize=1")).items[0]!;
      expect(Object.keys(first).sort()).toEqual(["business", "cameBackAt", "email", "firstChannel", "firstSubmittedAt", "id", "kinds", "lastSubmittedAt", "lostNote", "lostReason", "name", "nextFollowUpAt", "nextFollowUpType", "openQuote", "phone", "score", "service", "source", "status", "submissionCount"]);
    });

    it("answers 400 naming the field for a bad query", async () => {
      const token = await seed();
      for (const [query, field] of [
        ["?status=hot", "status"],
        ["?kind=fax", "kind"],
        ["?service=teleport", "service"],
        ["?from=2031-02-30", "from"],
        ["?to=yesterday", "to"],
        ["?sort=random", "sort"],
        ["?page=0", "page"],
        ["?page=-1", "page"],
        ["?pageSize=101", "pageSize"],
        ["?pageSize=1.5", "pageSize"],
        [`?q=${"a".repeat(201)}`, "q"],
      ] as const) {
        const body = await json<{ fieldErrors: Record<string, string> }>(await call(endpoints.leads.GET, "GET", `/api/admin/leads${query}`, { token }), 400);
        expect(Object.keys(body.fieldErrors), query).toEqual([field]);
      }
    });
  });

  describe("the HTTP rules", () => {
    const routes = [
      { name: "GET leads", handler: endpoints.leads.GET, method: "GET" },
      { name: "GET leads/{id}", handler: endpoints.lead.GET, method: "GET" },
      { name: "PATCH leads/{id}", handler: endpoints.lead.PATCH, method: "PATCH", body: { status: "won" } },
      { name: "POST leads/{id}/view", handler: endpoints.view.POST, method: "POST" },
      { name: "POST leads/{id}/notes", handler: endpoints.notes.POST, method: "POST", body: { text: "x" } },
      { name: "PATCH leads/{id}/notes/{noteId}", handler: endpoints.note.PATCH, method: "PATCH", body: { text: "x" } },
      { name: "DELETE leads/{id}/notes/{noteId}", handler: endpoints.note.DELETE, method: "DELETE" },
      { name: "POST leads/{id}/calls", handler: endpoints.calls.POST, method: "POST", body: { outcome: "reached" } },
      { name: "GET today", handler: endpoints.today.GET, method: "GET" },
    ];

    it("answers 401 without a session and 403 to a cross-origin change", async () => {
      const params = { id: "1", noteId: "1" };
      for (const route of routes) {
        const anonymous = await call(route.handler, route.method, "/x", { params, body: route.body });
        expect(anonymous.status, route.name).toBe(401);
        expect(await anonymous.json()).toEqual({ error: "Authentication required." });
      }
      const token = await session();
      for (const route of routes.filter((entry) => entry.method !== "GET")) {
        const forged = await call(route.handler, route.method, "/x", { token, params, body: route.body, origin: "https://evil.example" });
        expect(forged.status, route.name).toBe(403);
      }
    });

    it("answers 405 with Allow for every other method", async () => {
      for (const [module, allow] of [
        [endpoints.leads, "GET, POST"],
        [endpoints.lead, "GET, PATCH, DELETE"],
        [endpoints.view, "POST"],
        [endpoints.notes, "POST"],
        [endpoints.note, "PATCH, DELETE"],
        [endpoints.calls, "POST"],
        [endpoints.today, "GET"],
      ] as const) {
        const response = await call(module.ALL, "PUT", "/x");
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe(allow);
        expect(await response.json()).toHaveProperty("error");
      }
    });

    it("answers 400 for malformed ids and bodies, 415 for another content type, and never 5xx", async () => {
      await addContact();
      const token = await session();
      const { id } = await onlyLead(token);
      for (const bad of ["0", "-1", "abc", "1.5", "99999999999999999999", "1e3", ""]) {
        for (const route of routes.filter((entry) => entry.name.includes("{id}"))) {
          const response = await call(route.handler, route.method, "/x", { token, params: { id: bad, noteId: "1" }, body: route.body });
          expect(response.status, `${route.name} ${bad}`).toBe(400);
        }
        const badNote = await call(endpoints.note.DELETE, "DELETE", "/x", { token, params: { id: String(id), noteId: bad } });
        expect(badNote.status).toBe(400);
      }
      const params = { id: String(id) };
      const malformed = await call(endpoints.lead.PATCH, "PATCH", "/x", { token, params, raw: '{"status": ' });
      expect(malformed.status).toBe(400);
      const array = await call(endpoints.lead.PATCH, "PATCH", "/x", { token, params, body: ["won"] });
      expect(array.status).toBe(400);
      const wrongType = await call(endpoints.notes.POST, "POST", "/x", { token, params, raw: "text=hi", contentType: "application/x-www-form-urlencoded" });
      expect(wrongType.status).toBe(415);
      for (const body of [{}, { status: "WON" }, { status: 3 }, { nextFollowUpAt: "tomorrow" }, { nextFollowUpAt: "2031-02-30T10:00:00Z" }, { lostReason: "price" }]) {
        expect((await patchLead(token, id, body)).status, JSON.stringify(body)).toBe(400);
      }
      for (const body of [{}, { text: "" }, { text: "   " }, { text: 5 }, { text: "x".repeat(5001) }, { text: "nul\u0000" }]) {
        expect((await call(endpoints.notes.POST, "POST", "/x", { token, params, body })).status, JSON.stringify(body)).toBe(400);
      }
      for (const body of [{}, { outcome: "busy" }, { outcome: "reached", nextFollowUpAt: 12 }, { outcome: "reached", note: ["x"] }]) {
        expect((await call(endpoints.calls.POST, "POST", "/x", { token, params, body })).status, JSON.stringify(body)).toBe(400);
      }
      expect((await getLead(token, id)).timeline.map((entry) => entry.type)).toEqual(["submission"]);
    });
  });
});
