import { afterEach, expect, it, vi } from "vitest";
import { type ContactRequestInput, contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { listOutbox } from "@/server/mail/mail-outbox";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { breakOutboxInserts, describeEachEngine } from "../support/test-database";
import { countNewSubmissions, getSubmission, listSubmissions, markSubmissionViewed } from "@/server/leads/stored-submissions";
import { receiveLead } from "@/server/leads/receive-lead";
import { freshClientAddress, submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";
import { expectedLeadEmail } from "../support/expected-lead-email";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function contactData(overrides: Partial<ContactRequestInput> = {}) {
  return contactRequestSchema.parse({
    name: "Dana Whitfield",
    email: "dana@example.com",
    phone: "864-555-0142",
    projectType: "managed-internet",
    message: "We need failover internet for two offices.",
    ...overrides,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describeEachEngine("contact requests", ({ engine }) => {
  it("stores a request and answers with its id and an ISO 8601 UTC creation time", async () => {
    const before = Date.now();
    const stored = await submitLead("contact", contactData({ source: "quote" }));

    expect(stored.id).toBeGreaterThan(0);
    expect(stored.createdAt).toMatch(ISO_UTC);
    expect(Date.parse(stored.createdAt)).toBeGreaterThanOrEqual(before);

    expect(await getSubmission("contact", stored.id)).toEqual({
      id: stored.id,
      createdAt: stored.createdAt,
      viewed: false,
      name: "Dana Whitfield",
      email: "dana@example.com",
      phone: "864-555-0142",
      projectType: "managed-internet",
      source: "quote",
      message: "We need failover internet for two offices.",
    });
  });

  it("keeps every field byte for byte: emoji, right-to-left text, quotes, SQL, markup and newlines", async () => {
    const data = contactData({
      name: "Zoë O'Brien-Ñúñez 👩🏽‍💻 محمد",
      email: "o'brien+leads@example.com",
      phone: "+1 (864) 555-0142 ext. 7",
      message: [
        "Robert'); DROP TABLE contact_requests; --",
        "'; DROP TABLE contact_requests; --",
        '<script>alert("x")</script> & <b>bold</b>',
        "שלום עולם — مرحبا بالعالم",
        "Emoji 🚀🔥🇺🇸 and 𝕏 astral, \"double\" 'single' `back` \\ backslash ${not} %_ wildcards",
        "windows\r\nline\ttab",
      ].join("\n"),
    });

    const { id } = await submitLead("contact", data);
    const [listed] = await listSubmissions("contact");
    const fetched = await getSubmission("contact", id);

    for (const request of [listed, fetched]) {
      expect(request?.name).toBe(data.name);
      expect(request?.email).toBe(data.email);
      expect(request?.phone).toBe(data.phone);
      expect(request?.message).toBe(data.message);
      expect(Buffer.from(request?.message ?? "", "utf8").equals(Buffer.from(data.message, "utf8"))).toBe(true);
    }
    expect(await countNewSubmissions("contact")).toBe(1);
  });

  it("stores no source when the visitor came without a preset, and never the honeypot", async () => {
    const { id } = await submitLead("contact", contactData({ website: "" }));
    const request = await getSubmission("contact", id);

    expect(request?.source).toBeNull();
    expect(request).not.toHaveProperty("website");
  });

  it("lists newest first and orders requests stored in the same millisecond by id, newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-02T03:04:05.678Z"));
    const older = await submitLead("contact", contactData({ name: "Older Lead" }));
    vi.setSystemTime(new Date("2030-01-02T03:04:06.000Z"));
    const tieA = await submitLead("contact", contactData({ name: "Tie A" }));
    const tieB = await submitLead("contact", contactData({ name: "Tie B" }));
    vi.useRealTimers();

    const list = await listSubmissions("contact");

    expect(list.map((request) => request.id)).toEqual([tieB.id, tieA.id, older.id]);
    expect(list.map((request) => request.createdAt)).toEqual([
      "2030-01-02T03:04:06.000Z",
      "2030-01-02T03:04:06.000Z",
      "2030-01-02T03:04:05.678Z",
    ]);
    expect(older.createdAt).toBe("2030-01-02T03:04:05.678Z");
  });

  it("marks a request viewed as a real boolean, and answers false for a request that does not exist", async () => {
    const { id } = await submitLead("contact", contactData());

    expect(await markSubmissionViewed("contact", id)).toBe(true);
    expect(await markSubmissionViewed("contact", id)).toBe(true);
    expect((await getSubmission("contact", id))?.viewed).toBe(true);
    expect((await listSubmissions("contact"))[0]?.viewed).toBe(true);
    expect(await markSubmissionViewed("contact", id + 1000)).toBe(false);
  });

  it("deletes a request once and answers false afterwards", async () => {
    const { id } = await submitLead("contact", contactData());
    const other = await submitLead("contact", contactData({ name: "Someone Else" }));

    expect(await eraseSubmission({ kind: "contact", id })).toBe(true);
    expect(await eraseSubmission({ kind: "contact", id })).toBe(false);
    expect(await getSubmission("contact", id)).toBeUndefined();
    expect((await listSubmissions("contact")).map((request) => request.id)).toEqual([other.id]);
  });

  it("counts only requests not yet viewed", async () => {
    const first = await submitLead("contact", contactData());
    await submitLead("contact", contactData({ message: "A second, different message." }));
    await submitLead("contact", contactData({ message: "A third, different message." }));
    expect(await countNewSubmissions("contact")).toBe(3);

    await markSubmissionViewed("contact", first.id);
    expect(await countNewSubmissions("contact")).toBe(2);
  });

  it("treats ids that cannot be rows as missing", async () => {
    for (const id of [Number.NaN, 0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await getSubmission("contact", id)).toBeUndefined();
      expect(await markSubmissionViewed("contact", id)).toBe(false);
      expect(await eraseSubmission({ kind: "contact", id })).toBe(false);
    }
  });

  it("queues the notification e-mail with the request, pointing at the new row", async () => {
    const mail = stubLeadMail();
    const withMail = await submitLead("contact", contactData());
    vi.unstubAllEnvs();
    await submitLead("contact", contactData());
    const notification = await expectedLeadEmail("contact", contactData(), mail, withMail.id);

    const outbox = await listOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "contact", refId: withMail.id, status: "pending", attempts: 0, payload: notification });
    expect(outbox[0]?.createdAt).toBe(withMail.createdAt);
  });

  it("stores neither the request nor its e-mail when queueing the e-mail fails", async () => {
    stubLeadMail();
    const repair = await breakOutboxInserts(engine);
    try {
      await expect(submitLead("contact", contactData({ name: "Lost Lead" }))).rejects.toThrow(/outbox unavailable/);
    } finally {
      await repair();
    }

    expect(await listSubmissions("contact")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });

  it("queues no e-mail when the request itself cannot be stored", async () => {
    const invalid = { ...contactData(), name: null } as unknown as ReturnType<typeof contactData>;

    stubLeadMail();

    expect(await receiveLead("contact", invalid, freshClientAddress())).toMatchObject({ status: "invalid" });

    expect(await listSubmissions("contact")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });
});
