import type { APIContext } from "astro";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import { site } from "@/content/site";
import { getDb } from "@/server/db/connection";
import { listOutbox } from "@/server/mail/mail-outbox";
import { drainOutbox, retryDelayMs, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { jsonRequest, validContact, validSurvey } from "../support/api-request";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { describeEachEngine } from "../support/test-database";
import { freePort } from "../support/production-server";

/** The endpoints as Astro calls them, with the part of the APIContext they read. */
const postContact = async (request: Request) => contactEndpoint.POST({ request } as unknown as APIContext);
const postSurvey = async (request: Request) => surveyEndpoint.POST({ request } as unknown as APIContext);

let port: number;

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
});

afterEach(async () => {
  vi.useRealTimers();
  await stopOutboxWorker();
});

afterAll(() => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "RATE_LIMIT_MULTIPLIER", "LEAD_ACKNOWLEDGEMENT"]) delete process.env[name];
});

describeEachEngine("lead notifications over SMTP", () => {
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });

  it("e-mails a contact request to the business with every field, in text and HTML, reply-to the visitor", async () => {
    sink = await startSmtpSink(port);
    const response = await postContact(jsonRequest("/api/contact", { ...validContact, source: "quote", projectType: "other" }));
    expect(response.status).toBe(201);
    await drainOutbox();
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain("owner@example.com");
    expect(mail.replyTo?.text).toContain(validContact.email);
    expect(mail.subject).toContain(validContact.name);
    for (const value of [validContact.name, validContact.email, validContact.phone, validContact.message, "Other", "Get a Free Quote"]) {
      expect(mail.text).toContain(value);
      expect(mail.html || "").toContain(value.replace(/&/g, "&amp;"));
    }
    expect((await listOutbox())[0]?.status).toBe("sent");
  });

  it("links the owner's e-mail to the lead in the desk, names its channel, and gives the time in America/New_York", async () => {
    sink = await startSmtpSink(port);
    vi.useFakeTimers({ toFake: ["Date"] });
    // 14:07 UTC on 28 November is 9:07 in the morning in Greenville (EST); on 1 July, 10:07 (EDT).
    vi.setSystemTime(Date.UTC(2026, 10, 28, 14, 7));
    const visit = { source: "newsletter", medium: "email", campaign: "fall", landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall", at: new Date(Date.UTC(2026, 10, 28, 14, 5)).toISOString() };
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, firstTouch: visit, lastTouch: visit }))).status).toBe(201);
    vi.setSystemTime(Date.UTC(2027, 6, 1, 14, 7));
    expect((await postSurvey(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    await drainOutbox();
    expect(sink.messages).toHaveLength(2);
    const [contact, survey] = sink.messages;
    const [contactLead, surveyLead] = (await listOutbox()).map((item) => item.refId);
    const db = await getDb();
    const leadOf = async (table: "contact_requests" | "survey_submissions", id: number | null) =>
      (await db.selectFrom(table).select("lead_id").where("id", "=", id!).executeTakeFirstOrThrow()).lead_id;
    const contactUrl = `${site.url}/admin/leads/${await leadOf("contact_requests", contactLead!)}`;
    const surveyUrl = `${site.url}/admin/leads/${await leadOf("survey_submissions", surveyLead!)}`;

    expect(contact!.text).toContain(`Open the lead in the desk: ${contactUrl}`);
    expect(contact!.html || "").toContain(`<a href="${contactUrl}"`);
    expect(contact!.text).toContain("Channel: Email");
    expect(contact!.text).toContain("Received: Sat, Nov 28, 2026, 9:07 AM EST");
    expect(contact!.text).not.toContain("2026-11-28T14:07");
    expect(survey!.text).toContain(`Open the lead in the desk: ${surveyUrl}`);
    expect(survey!.text).toContain("Channel: Unassigned");
    expect(survey!.text).toContain("Received: Thu, Jul 1, 2027, 10:07 AM EDT");
  });

  it("e-mails a survey with every field and the service labels", async () => {
    sink = await startSmtpSink(port);
    expect((await postSurvey(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    await drainOutbox();
    expect(sink.messages).toHaveLength(1);
    const text = sink.messages[0]!.text ?? "";
    for (const value of [validSurvey.businessName, validSurvey.address, "VoIP Phone Systems, Starlink Business", "Offers public WiFi: Yes", "Employees: 12", "Two locations."]) {
      expect(text).toContain(value);
    }
  });

  it("keeps leads in the outbox while SMTP is down and delivers each exactly once when it is back", async () => {
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    expect((await postSurvey(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    // Each insert also kicks a background run, so count the attempts, not one run's result.
    await drainOutbox();
    const waiting = await listOutbox();
    expect(waiting.map((item) => item.status)).toEqual(["pending", "pending"]);
    expect(waiting.every((item) => item.attempts === 1 && item.lastError)).toBe(true);

    // Not yet due: nothing is sent even though the server is back.
    sink = await startSmtpSink(port);
    expect((await drainOutbox()).sent).toBe(0);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + retryDelayMs(0) + 1000);
    const secondRun = await drainOutbox();
    expect(secondRun.sent).toBe(2);
    expect(sink.messages).toHaveLength(2);
    expect(await drainOutbox()).toMatchObject({ sent: 0, retried: 0 });
    expect(sink.messages).toHaveLength(2);
    expect((await listOutbox()).map((item) => item.status)).toEqual(["sent", "sent"]);
  });

  it("puts visitor text into the e-mail as text, never as markup", async () => {
    sink = await startSmtpSink(port);
    const payload = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, name: `Eve ${payload}`, message: `Hello ${payload} there` }))).status).toBe(201);
    await drainOutbox();
    const html = sink.messages[0]!.html || "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(sink.messages[0]!.subject).not.toMatch(/[\r\n]/);
  });
});
