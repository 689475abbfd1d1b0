import type { APIContext } from "astro";
import { storedSubmissionId } from "../support/stored-submission";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import { site } from "@/content/site";
import { gatherDueDigest, listOutbox, type OutboxItem } from "@/server/mail/mail-outbox";
import { LEAD_EMAIL_WINDOW_MS } from "@/server/leads/receive-lead";
import { DIGEST_LIST_MAX } from "@/server/mail/lead-digest-email";
import { drainOutbox, retryDelayMs, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { jsonRequest, validContact, validSurvey } from "../support/api-request";
import { freePort } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";
import { listSubmissions } from "@/server/leads/stored-submissions";

/*
 * A flood cannot flood the owner's inbox: past LEAD_EMAILS_PER_HOUR notifications in an
 * hour, every lead is still stored and acknowledged, and the rest of the hour's leads
 * reach the owner as one digest e-mail when the hour ends.
 */

const PER_HOUR = 3;
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

const postContact = async (request: Request) => contactEndpoint.POST({ request } as unknown as APIContext);
const postSurvey = async (request: Request) => surveyEndpoint.POST({ request } as unknown as APIContext);

let port: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  port = await freePort();
});

beforeEach(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Saluda Ridge Website <website@example.com>";
  process.env.LEADS_TO = "owner@example.com";
  // The owner's e-mails are counted here; the visitor's acknowledgement is tests/api/lead-mail.test.ts's.
  process.env.LEAD_ACKNOWLEDGEMENT = "off";
  process.env.RATE_LIMIT_MULTIPLIER = "100";
  process.env.LEAD_EMAILS_PER_HOUR = String(PER_HOUR);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});

afterEach(async () => {
  await stopOutboxWorker();
  await sink?.close();
  sink = undefined;
  vi.useRealTimers();
});

afterAll(() => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "RATE_LIMIT_MULTIPLIER", "LEAD_ACKNOWLEDGEMENT", "LEAD_EMAILS_PER_HOUR"]) delete process.env[name];
});

async function sendContact(name: string, address = "203.0.113.7"): Promise<number> {
  const mailbox = name.toLowerCase().replace(/[^a-z0-9]+/g, ".").replace(/^\.|\.$/g, "");
  const response = await postContact(jsonRequest("/api/contact", { ...validContact, name, email: `${mailbox}@example.com` }, { address }));
  expect(response.status).toBe(201);
  return storedSubmissionId("contact", `${mailbox}@example.com`);
}

async function sendSurvey(businessName: string): Promise<number> {
  const response = await postSurvey(jsonRequest("/api/survey", { ...validSurvey, businessName }));
  expect(response.status).toBe(201);
  return storedSubmissionId("survey", validSurvey.email);
}

const digests = (mails: ParsedMail[]) => mails.filter((mail) => mail.subject?.startsWith("Lead digest"));
const individual = (mails: ParsedMail[]) => mails.filter((mail) => !mail.subject?.startsWith("Lead digest"));
const byStatus = (items: OutboxItem[], status: OutboxItem["status"]) => items.filter((item) => item.status === status);

describeEachEngine("lead e-mails past the hourly limit", () => {
  it("sends the first LEAD_EMAILS_PER_HOUR one by one, stores every lead, and sends the rest as one digest when the hour ends", async () => {
    sink = await startSmtpSink(port);
    await sendContact("First Lead");
    vi.setSystemTime(T0 + 60_000);
    await sendSurvey("Second Lead Dental");
    await sendContact("Third Lead");
    const held = [await sendContact("Held One"), await sendContact("Held Two")];
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS - 1);
    const heldSurvey = await sendSurvey("Held Three Bakery");

    await drainOutbox();
    expect(individual(sink.messages).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("First Lead"),
      expect.stringContaining("Second Lead Dental"),
      expect.stringContaining("Third Lead"),
    ]);
    expect(digests(sink.messages)).toEqual([]);
    // Acknowledged and stored, every one.
    expect((await listSubmissions("contact")).map((row) => row.name).sort()).toEqual(["First Lead", "Held One", "Held Two", "Third Lead"]);
    expect((await listSubmissions("survey")).map((row) => row.businessName).sort()).toEqual(["Held Three Bakery", "Second Lead Dental"]);
    const waiting = byStatus(await listOutbox(), "held");
    expect(waiting.map((item) => item.refId)).toEqual([...held, heldSurvey]);
    // The hour counted from the first e-mail's window, not from each lead.
    expect(waiting.every((item) => item.nextAttemptAt === T0 + LEAD_EMAIL_WINDOW_MS)).toBe(true);

    // The hour has not ended: nothing more goes out.
    await drainOutbox();
    expect(sink.messages).toHaveLength(3);

    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    expect(sink.messages).toHaveLength(4);
    const [digest] = digests(sink.messages);
    expect(digest?.subject).toBe("Lead digest: 3 leads past the hourly e-mail limit");
    expect(digest?.to && "text" in digest.to ? digest.to.text : "").toBe("owner@example.com");
    for (const expected of ["Held One", "held.one@example.com", "Held Two", "Held Three Bakery", validSurvey.email, "VoIP Phone Systems, Starlink Business", "Managed Internet"]) {
      expect(digest?.text).toContain(expected);
      expect(digest?.html || "").toContain(expected);
    }
    for (const sentAlone of ["First Lead", "Second Lead Dental", "Third Lead"]) expect(digest?.text).not.toContain(sentAlone);
    expect(digest?.text).toContain(`${new Date(T0 + LEAD_EMAIL_WINDOW_MS - 1).toISOString()}  Connectivity survey`);
    expect(digest?.text).toContain("/admin/contacts");
    expect(digest?.html || "").toContain(`href="${site.url}/admin/surveys"`);

    const outbox = await listOutbox();
    const [digestRow] = outbox.filter((item) => item.kind === "digest");
    expect(digestRow).toMatchObject({ status: "sent", refId: null, attempts: 1 });
    expect(outbox.filter((item) => item.digestId === digestRow?.id).map((item) => [item.refId, item.status])).toEqual([
      [held[0], "sent"],
      [held[1], "sent"],
      [heldSurvey, "sent"],
    ]);

    // A new hour: the next lead is e-mailed on its own again, and nothing is sent twice.
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS + 1000);
    await sendContact("Next Hour Lead");
    await drainOutbox();
    await drainOutbox();
    expect(individual(sink.messages).map((mail) => mail.subject)).toHaveLength(4);
    expect(individual(sink.messages)[3]?.subject).toContain("Next Hour Lead");
    expect(digests(sink.messages)).toHaveLength(1);
  });

  it("counts simultaneous leads exactly: of 25 at once, LEAD_EMAILS_PER_HOUR go out alone and the others wait for the digest", async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, index) => sendContact(`Burst Lead ${index}`, `198.51.100.${index}`)));

    const outbox = await listOutbox();
    expect(outbox).toHaveLength(25);
    expect(byStatus(outbox, "pending")).toHaveLength(PER_HOUR);
    expect(byStatus(outbox, "held")).toHaveLength(25 - PER_HOUR);
    expect(outbox.map((item) => item.refId).sort((a, b) => a! - b!)).toEqual([...ids].sort((a, b) => a - b));
    expect(await listSubmissions("contact")).toHaveLength(25);
  });

  it("puts visitor text into the digest as text, never as markup", async () => {
    sink = await startSmtpSink(port);
    for (let index = 0; index < PER_HOUR; index += 1) await sendContact(`Filler ${index}`);
    const payload = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    await sendContact(`Eve ${payload}`);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();

    const [digest] = digests(sink.messages);
    expect(digest?.html).toBeDefined();
    expect(digest?.html).not.toContain("<script>");
    expect(digest?.html).not.toContain("<img");
    expect(digest?.html).toContain("Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(digest?.text).toContain(`Eve ${payload}`);
  });

  it("sends one digest although two instances run the outbox worker at the same moment", async () => {
    sink = await startSmtpSink(port);
    for (let index = 0; index < PER_HOUR + 30; index += 1) await sendContact(`Pair Lead ${index}`);
    await drainOutbox();
    expect(sink.messages).toHaveLength(PER_HOUR);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);

    const second = await loadSecondInstance(() => import("@/server/mail/outbox-worker"));
    try {
      await Promise.all([drainOutbox(), second.modules.drainOutbox(), drainOutbox(), second.modules.drainOutbox()]);
      await Promise.all([drainOutbox(), second.modules.drainOutbox()]);
    } finally {
      await second.modules.stopOutboxWorker();
      await second.close();
    }

    expect(digests(sink.messages)).toHaveLength(1);
    for (let index = PER_HOUR; index < PER_HOUR + 30; index += 1) expect(digests(sink.messages)[0]?.text).toContain(`Pair Lead ${index} <`);
    const outbox = await listOutbox();
    expect(outbox.filter((item) => item.kind === "digest")).toHaveLength(1);
    expect(byStatus(outbox, "sent")).toHaveLength(PER_HOUR + 30 + 1);
  });

  it("puts every held notification into exactly one digest when instances gather at the same moment", async () => {
    for (let index = 0; index < PER_HOUR + 40; index += 1) await sendContact(`Race Lead ${index}`);
    const now = T0 + LEAD_EMAIL_WINDOW_MS;
    const build = () => ({ to: "owner@example.com", from: "website@example.com", subject: "digest", text: "digest", html: "<p>digest</p>" });

    const second = await loadSecondInstance(() => import("@/server/mail/mail-outbox"));
    try {
      const gathered = await Promise.all([
        gatherDueDigest(build, DIGEST_LIST_MAX, now),
        second.modules.gatherDueDigest(build, DIGEST_LIST_MAX, now),
        gatherDueDigest(build, DIGEST_LIST_MAX, now),
        second.modules.gatherDueDigest(build, DIGEST_LIST_MAX, now),
      ]);
      expect(gathered.filter((id) => id !== undefined)).toHaveLength(1);
    } finally {
      await second.close();
    }
    const outbox = await listOutbox();
    const [digest] = outbox.filter((item) => item.kind === "digest");
    expect(outbox.filter((item) => item.kind === "digest")).toHaveLength(1);
    expect(outbox.filter((item) => item.status === "digested" && item.digestId === digest?.id)).toHaveLength(40);
    expect(byStatus(outbox, "held")).toEqual([]);
  });

  it("keeps the digest while SMTP is down and delivers it once when it is back", async () => {
    for (let index = 0; index < PER_HOUR + 2; index += 1) await sendContact(`Outage Lead ${index}`);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();

    const [digestRow] = (await listOutbox()).filter((item) => item.kind === "digest");
    expect(digestRow).toMatchObject({ status: "pending", attempts: 1 });
    expect(digestRow?.lastError).toBeTruthy();
    expect((await listOutbox()).filter((item) => item.digestId === digestRow?.id).map((item) => item.status)).toEqual(["digested", "digested"]);

    sink = await startSmtpSink(port);
    await drainOutbox();
    expect(sink.messages).toHaveLength(0);
    // Due again: the digest (first failure) and the individual e-mails (second failure).
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS + retryDelayMs(1) + 1000);
    await drainOutbox();
    await drainOutbox();

    expect(digests(sink.messages)).toHaveLength(1);
    expect(digests(sink.messages)[0]?.text).toContain("Outage Lead 4");
    expect(individual(sink.messages)).toHaveLength(PER_HOUR);
    const outbox = await listOutbox();
    expect(outbox.filter((item) => item.kind === "digest")).toHaveLength(1);
    expect(outbox.every((item) => item.status === "sent")).toBe(true);
  });

  it(`lists at most ${DIGEST_LIST_MAX} leads in full and counts the rest`, async () => {
    const total = DIGEST_LIST_MAX + 5;
    // In batches of 25: this test is about the digest, not about a burst. 225 requests at once
    // can outwait the PostgreSQL pool on a loaded machine and be answered 503 (never acknowledged).
    const indexes = Array.from({ length: PER_HOUR + total }, (_, index) => index);
    for (let start = 0; start < indexes.length; start += 25) {
      await Promise.all(indexes.slice(start, start + 25).map((index) => sendContact(`Mass Lead ${index}`, `192.0.2.${index % 200}`)));
    }
    sink = await startSmtpSink(port);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();

    const [digest] = digests(sink.messages);
    expect(digest?.subject).toBe(`Lead digest: ${total} leads past the hourly e-mail limit`);
    expect(digest?.text?.match(/Contact request/g)).toHaveLength(DIGEST_LIST_MAX);
    expect(digest?.text).toContain("…and 5 leads more, listed in the back office.");
    // The in-process sink, started right after the burst, now and then drops its first
    // connection ("Greeting never received"): such a message is retried like any other.
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS + retryDelayMs(1) + 1000);
    await drainOutbox();
    expect(digests(sink.messages)).toHaveLength(1);
    expect(individual(sink.messages)).toHaveLength(PER_HOUR);
    expect(byStatus(await listOutbox(), "sent")).toHaveLength(PER_HOUR + total + 1);
  }, 180_000);
});
