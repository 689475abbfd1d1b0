import { afterEach, expect, it, vi } from "vitest";
import { type SurveyInput, surveySchema } from "@/lib/validation/survey-schema";
import { listOutbox, type OutboxMessage } from "@/server/mail/mail-outbox";
import {
  countNewSurveySubmissions,
  getSurveySubmission,
  insertSurveySubmission,
  listSurveySubmissions,
  markSurveySubmissionViewed,
} from "@/server/leads/survey-submissions";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { breakOutboxInserts, describeEachEngine } from "../support/test-database";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function surveyData(overrides: Partial<SurveyInput> = {}) {
  return surveySchema.parse({
    businessName: "Blue Ridge Bakery",
    email: "owner@blueridgebakery.example",
    phoneNumber: "864-555-0199",
    address: "12 Main St, Greenville, SC 29601",
    employeeCount: "12",
    deviceCount: 30,
    primaryInternetUse: "Point of sale and guest WiFi",
    usesStreaming: true,
    hasPublicWifi: false,
    phoneCount: 4,
    interestedServices: ["starlink", "voip", "guest-wifi"],
    additionalComments: "Closed Mondays.",
    ...overrides,
  });
}

const notification: OutboxMessage = {
  to: "owner@example.com",
  from: "website@example.com",
  subject: "New survey from Blue Ridge Bakery",
  text: "A new survey arrived.",
  html: "<p>A new survey arrived.</p>",
};

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("survey submissions", ({ engine }) => {
  it("stores a survey and reads every field back typed: numbers, real booleans, the service list", async () => {
    const stored = await insertSurveySubmission(surveyData());

    expect(stored.createdAt).toMatch(ISO_UTC);
    expect(await getSurveySubmission(stored.id)).toEqual({
      id: stored.id,
      createdAt: stored.createdAt,
      viewed: false,
      businessName: "Blue Ridge Bakery",
      email: "owner@blueridgebakery.example",
      phoneNumber: "864-555-0199",
      address: "12 Main St, Greenville, SC 29601",
      employeeCount: 12,
      deviceCount: 30,
      primaryInternetUse: "Point of sale and guest WiFi",
      usesStreaming: true,
      hasPublicWifi: false,
      phoneCount: 4,
      interestedServices: ["starlink", "voip", "guest-wifi"],
      additionalComments: "Closed Mondays.",
    });
  });

  it("keeps the opposite booleans, zero counts and an empty service list", async () => {
    const { id } = await insertSurveySubmission(
      surveyData({ usesStreaming: false, hasPublicWifi: true, deviceCount: 0, phoneCount: 0, interestedServices: [], additionalComments: "" }),
    );
    const survey = await getSurveySubmission(id);

    expect(survey?.usesStreaming).toBe(false);
    expect(survey?.hasPublicWifi).toBe(true);
    expect(survey?.deviceCount).toBe(0);
    expect(survey?.phoneCount).toBe(0);
    expect(survey?.interestedServices).toEqual([]);
    expect(survey?.additionalComments).toBe("");
  });

  it("keeps text byte for byte: emoji, right-to-left text, quotes, SQL, markup and newlines", async () => {
    const data = surveyData({
      businessName: "Café \"Ñ\" 'Ünïcode' 🍩 مخبز",
      address: "1 O'Neil Rd\nSuite <2>, Greenville",
      primaryInternetUse: "'; DROP TABLE survey_submissions; --",
      additionalComments: "<script>document.cookie</script>\r\nשלום 👋🏾\n\\n not a newline ${x}",
    });

    const { id } = await insertSurveySubmission(data);
    const survey = await getSurveySubmission(id);
    const [listed] = await listSurveySubmissions();

    for (const read of [survey, listed]) {
      expect(read?.businessName).toBe(data.businessName);
      expect(read?.address).toBe(data.address);
      expect(read?.primaryInternetUse).toBe(data.primaryInternetUse);
      expect(read?.additionalComments).toBe(data.additionalComments);
    }
  });

  it("never stores the honeypot", async () => {
    const { id } = await insertSurveySubmission(surveyData({ website: "" }));
    expect(await getSurveySubmission(id)).not.toHaveProperty("website");
  });

  it("lists newest first and orders surveys stored in the same millisecond by id, newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-30T23:59:59.999Z"));
    const older = await insertSurveySubmission(surveyData({ businessName: "Older Shop" }));
    vi.setSystemTime(new Date("2031-07-01T00:00:00.000Z"));
    const tieA = await insertSurveySubmission(surveyData({ businessName: "Tie A" }));
    const tieB = await insertSurveySubmission(surveyData({ businessName: "Tie B" }));
    vi.useRealTimers();

    const list = await listSurveySubmissions();

    expect(list.map((survey) => survey.id)).toEqual([tieB.id, tieA.id, older.id]);
    expect(list.map((survey) => survey.createdAt)).toEqual(["2031-07-01T00:00:00.000Z", "2031-07-01T00:00:00.000Z", "2031-06-30T23:59:59.999Z"]);
  });

  it("marks viewed, deletes, counts new, and answers false for surveys that do not exist", async () => {
    const first = await insertSurveySubmission(surveyData());
    const second = await insertSurveySubmission(surveyData({ additionalComments: "A second, different survey." }));
    expect(await countNewSurveySubmissions()).toBe(2);

    expect(await markSurveySubmissionViewed(first.id)).toBe(true);
    expect((await getSurveySubmission(first.id))?.viewed).toBe(true);
    expect(await countNewSurveySubmissions()).toBe(1);
    expect(await markSurveySubmissionViewed(second.id + 1000)).toBe(false);

    expect(await eraseSubmission({ kind: "survey", id: second.id })).toBe(true);
    expect(await eraseSubmission({ kind: "survey", id: second.id })).toBe(false);
    expect(await countNewSurveySubmissions()).toBe(0);
    expect((await listSurveySubmissions()).map((survey) => survey.id)).toEqual([first.id]);
    expect(await getSurveySubmission(Number.NaN)).toBeUndefined();
  });

  it("queues the notification e-mail with the survey, pointing at the new row", async () => {
    const { id } = await insertSurveySubmission(surveyData(), { outbox: notification });

    const outbox = await listOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "survey", refId: id, status: "pending", payload: notification });
    expect(outbox[0]?.payload).not.toHaveProperty("replyTo");
  });

  it("stores neither the survey nor its e-mail when queueing the e-mail fails", async () => {
    const repair = await breakOutboxInserts(engine);
    try {
      await expect(insertSurveySubmission(surveyData(), { outbox: notification })).rejects.toThrow(/outbox unavailable/);
    } finally {
      await repair();
    }

    expect(await listSurveySubmissions()).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });
});
