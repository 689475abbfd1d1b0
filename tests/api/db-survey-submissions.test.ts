import { afterEach, expect, it, vi } from "vitest";
import { type SurveyInput, surveySchema } from "@/lib/validation/survey-schema";
import { listOutbox } from "@/server/mail/mail-outbox";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { breakOutboxInserts, describeEachEngine } from "../support/test-database";
import { countNewSubmissions, getSubmission, listSubmissions, markSubmissionViewed } from "@/server/leads/stored-submissions";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";
import { expectedLeadEmail } from "../support/expected-lead-email";

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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describeEachEngine("survey submissions", ({ engine }) => {
  it("stores a survey and reads every field back typed: numbers, real booleans, the service list", async () => {
    const stored = await submitLead("survey", surveyData());

    expect(stored.createdAt).toMatch(ISO_UTC);
    expect(await getSubmission("survey", stored.id)).toEqual({
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
    const { id } = await submitLead("survey", 
      surveyData({ usesStreaming: false, hasPublicWifi: true, deviceCount: 0, phoneCount: 0, interestedServices: [], additionalComments: "" }),
    );
    const survey = await getSubmission("survey", id);

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

    const { id } = await submitLead("survey", data);
    const survey = await getSubmission("survey", id);
    const [listed] = await listSubmissions("survey");

    for (const read of [survey, listed]) {
      expect(read?.businessName).toBe(data.businessName);
      expect(read?.address).toBe(data.address);
      expect(read?.primaryInternetUse).toBe(data.primaryInternetUse);
      expect(read?.additionalComments).toBe(data.additionalComments);
    }
  });

  it("never stores the honeypot", async () => {
    const { id } = await submitLead("survey", surveyData({ website: "" }));
    expect(await getSubmission("survey", id)).not.toHaveProperty("website");
  });

  it("lists newest first and orders surveys stored in the same millisecond by id, newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-30T23:59:59.999Z"));
    const older = await submitLead("survey", surveyData({ businessName: "Older Shop" }));
    vi.setSystemTime(new Date("2031-07-01T00:00:00.000Z"));
    const tieA = await submitLead("survey", surveyData({ businessName: "Tie A" }));
    const tieB = await submitLead("survey", surveyData({ businessName: "Tie B" }));
    vi.useRealTimers();

    const list = await listSubmissions("survey");

    expect(list.map((survey) => survey.id)).toEqual([tieB.id, tieA.id, older.id]);
    expect(list.map((survey) => survey.createdAt)).toEqual(["2031-07-01T00:00:00.000Z", "2031-07-01T00:00:00.000Z", "2031-06-30T23:59:59.999Z"]);
  });

  it("marks viewed, deletes, counts new, and answers false for surveys that do not exist", async () => {
    const first = await submitLead("survey", surveyData());
    const second = await submitLead("survey", surveyData({ additionalComments: "A second, different survey." }));
    expect(await countNewSubmissions("survey")).toBe(2);

    expect(await markSubmissionViewed("survey", first.id)).toBe(true);
    expect((await getSubmission("survey", first.id))?.viewed).toBe(true);
    expect(await countNewSubmissions("survey")).toBe(1);
    expect(await markSubmissionViewed("survey", second.id + 1000)).toBe(false);

    expect(await eraseSubmission({ kind: "survey", id: second.id })).toBe(true);
    expect(await eraseSubmission({ kind: "survey", id: second.id })).toBe(false);
    expect(await countNewSubmissions("survey")).toBe(0);
    expect((await listSubmissions("survey")).map((survey) => survey.id)).toEqual([first.id]);
    expect(await getSubmission("survey", Number.NaN)).toBeUndefined();
  });

  it("queues the notification e-mail with the survey, pointing at the new row", async () => {
    const mail = stubLeadMail();
    const { id } = await submitLead("survey", surveyData());
    const notification = await expectedLeadEmail("survey", surveyData(), mail, id);

    const outbox = await listOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "survey", refId: id, status: "pending", payload: notification });
    // The real e-mail answers to the survey's own address (the hand-made one had no replyTo).
    expect(outbox[0]?.payload.replyTo).toBe("owner@blueridgebakery.example");
  });

  it("stores neither the survey nor its e-mail when queueing the e-mail fails", async () => {
    stubLeadMail();
    const repair = await breakOutboxInserts(engine);
    try {
      await expect(submitLead("survey", surveyData())).rejects.toThrow(/outbox unavailable/);
    } finally {
      await repair();
    }

    expect(await listSubmissions("survey")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });
});
