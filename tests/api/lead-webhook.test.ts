import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "@/content/site";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import type { LeadDetail, LeadList } from "@/lib/lead-desk";
import { leadWebhookConfig, leadWebhookSettingsProblem } from "@/server/config";
import { listOutbox } from "@/server/mail/mail-outbox";
import { drainOutbox, OUTBOX_MAX_ATTEMPTS, retryDelayMs, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { type LeadWebhookBody, type LeadWebhookSummaryBody, WEBHOOK_WINDOW_MS } from "@/server/leads/lead-notifications";
import { getDb } from "@/server/db/connection";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";

const SECRET = "test-webhook-secret-0123456789abcdef";
const postContact = callEndpoint(contactEndpoint.POST);
const postSurvey = callEndpoint(surveyEndpoint.POST);

type Received = { headers: IncomingHttpHeaders; body: string };

/** A chat tool's webhook on 127.0.0.1: records each POST and answers with the next queued status (then 200). */
class Receiver {
  readonly received: Received[] = [];
  readonly answers: number[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        response.writeHead(this.answers.shift() ?? 200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The HMAC a receiver computes to check a delivery (docs/lead-qualification.md). */
function verifies(delivery: Received, secret: string): boolean {
  const timestamp = String(delivery.headers["x-webhook-timestamp"]);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${delivery.body}`).digest("hex")}`;
  return delivery.headers["x-signature-sha256"] === expected;
}

/** Lets the run a submission kicked off start, then runs the outbox after it: both are done when this resolves. */
async function settleOutbox() {
  await new Promise((resolve) => setImmediate(resolve));
  return drainOutbox();
}

const webhookRows = async () => (await listOutbox()).filter((item) => item.kind === "webhook");

describe("webhook settings", () => {
  afterEach(() => {
    delete process.env.LEAD_WEBHOOK_URL;
    delete process.env.LEAD_WEBHOOK_SECRET;
  });

  it("takes https anywhere and http only to this machine, and needs a secret of 16 characters", () => {
    const check = (url: string, secret?: string) => {
      process.env.LEAD_WEBHOOK_URL = url;
      if (secret === undefined) delete process.env.LEAD_WEBHOOK_SECRET;
      else process.env.LEAD_WEBHOOK_SECRET = secret;
      return leadWebhookSettingsProblem();
    };
    expect(check("https://hooks.slack.com/services/T/B/x", SECRET)).toBeNull();
    expect(check("http://127.0.0.1:9999/hook", SECRET)).toBeNull();
    expect(check("http://localhost:9999/hook", SECRET)).toBeNull();
    expect(check("http://hooks.example.com/hook", SECRET)).toMatch(/https/);
    expect(check("ftp://127.0.0.1/hook", SECRET)).toMatch(/https/);
    expect(check("not a url", SECRET)).toMatch(/not a URL/);
    expect(check("https://user:pw@hooks.example.com/", SECRET)).toMatch(/user name/);
    expect(check("https://hooks.example.com/hook")).toMatch(/LEAD_WEBHOOK_SECRET/);
    expect(check("https://hooks.example.com/hook", "short")).toMatch(/LEAD_WEBHOOK_SECRET/);
    expect(leadWebhookConfig()).toBeNull();
    delete process.env.LEAD_WEBHOOK_URL;
    expect(leadWebhookSettingsProblem()).toBeNull();
    expect(leadWebhookConfig()).toBeNull();
  });
});

describeEachEngine("new-lead webhook", () => {
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    process.env.RATE_LIMIT_MULTIPLIER = "100";
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    process.env.LEAD_WEBHOOK_URL = receiver.url;
    process.env.LEAD_WEBHOOK_SECRET = SECRET;
    // Without SMTP: the webhook goes out on its own.
    for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO"]) delete process.env[name];
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    await stopOutboxWorker();
  });
  afterAll(async () => {
    for (const name of ["LEAD_WEBHOOK_URL", "LEAD_WEBHOOK_SECRET", "RATE_LIMIT_MULTIPLIER"]) delete process.env[name];
    await receiver.stop();
  });

  it("posts a signed JSON body for a new web lead, queued with the lead, without SMTP", async () => {
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    const [queued] = await webhookRows();
    expect(queued).toBeDefined();
    await settleOutbox();

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(verifies(delivery, SECRET)).toBe(true);
    expect(verifies(delivery, "another-secret-0123456789")).toBe(false);
    expect(Math.abs(Number(delivery.headers["x-webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    // The body is the stored payload, byte for byte, and holds no secret.
    expect(delivery.body).toBe(queued!.payloadText);
    expect(delivery.body).not.toContain(SECRET);

    const body = JSON.parse(delivery.body) as LeadWebhookBody;
    const leadId = queued!.refId!;
    const url = `${site.url}/admin/leads/${leadId}`;
    expect(body).toEqual({
      event: "lead.created",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      createdAt: expect.any(String) as string,
      text: `New lead: ${validContact.name} (Managed Internet &amp; Failover), via the website – ${url}`,
      // No e-mail address or phone unless LEAD_WEBHOOK_CONTACT_DETAILS=on: the link is enough.
      lead: { id: leadId, name: validContact.name, business: null, email: null, phone: null, source: "web", service: "managed-internet", channel: "Unassigned", url },
    });
    expect(delivery.headers["x-webhook-id"]).toBe(body.id);
    const [sent] = await webhookRows();
    expect(sent).toMatchObject({ status: "sent", attempts: 1, refId: leadId });
  });

  it("cannot ping or phish the owner: <, > and & are escaped, line breaks and control characters removed, and contact details are opt-in", async () => {
    const name = "<!channel> <https://evil.example/login|http://127.0.0.1/admin/leads/1>\nBoss &\u202e co";
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, name, email: "attacker@evil.example" }))).status).toBe(201);
    process.env.LEAD_WEBHOOK_CONTACT_DETAILS = "on";
    try {
      expect((await postContact(jsonRequest("/api/contact", { ...validContact, name: "Opted In", email: "shown@example.com", phone: "(864) 555-0190" }))).status).toBe(201);
    } finally {
      delete process.env.LEAD_WEBHOOK_CONTACT_DETAILS;
    }
    await settleOutbox();
    const [hostile, shown] = receiver.received.map((delivery) => JSON.parse(delivery.body) as LeadWebhookBody);
    expect(hostile!.text).toBe(
      `New lead: &lt;!channel&gt; &lt;https://evil.example/login|http://127.0.0.1/admin/leads/1&gt; Boss &amp; co (Managed Internet &amp; Failover), via the website – ${hostile!.lead.url}`,
    );
    expect(hostile!.text).not.toMatch(/<!|<http/);
    expect(hostile!.lead.name).toBe("<!channel> <https://evil.example/login|http://127.0.0.1/admin/leads/1> Boss & co");
    expect(hostile!.lead).toMatchObject({ email: null, phone: null });
    expect(receiver.received[0]!.body).not.toContain("attacker@evil.example");
    expect(shown!.lead).toMatchObject({ email: "shown@example.com", phone: "(864) 555-0190" });
  });

  it("posts at most LEAD_WEBHOOK_PER_HOUR leads an hour, then one summary post of the rest when the hour ends", async () => {
    process.env.LEAD_WEBHOOK_PER_HOUR = "3";
    const T0 = Date.UTC(2026, 10, 25, 14, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    try {
      for (let index = 0; index < 10; index += 1) {
        const response = await postContact(jsonRequest("/api/contact", { ...validContact, email: `flood${index}@example.com`, phone: `(864) 555-06${10 + index}` }, { address: `198.51.100.${index + 1}` }));
        expect(response.status).toBe(201);
      }
      await settleOutbox();
      expect(receiver.received.map((delivery) => (JSON.parse(delivery.body) as { event: string }).event)).toEqual(["lead.created", "lead.created", "lead.created"]);
      const db = await getDb();
      expect(Number((await db.selectFrom("leads").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(10);

      vi.setSystemTime(T0 + WEBHOOK_WINDOW_MS);
      await drainOutbox();
      expect(receiver.received).toHaveLength(4);
      const summary = JSON.parse(receiver.received[3]!.body) as LeadWebhookSummaryBody;
      expect(summary).toMatchObject({ event: "leads.summary", count: 7, text: `7 more new leads in the last hour – ${site.url}/admin/leads`, url: `${site.url}/admin/leads` });
      expect(verifies(receiver.received[3]!, SECRET)).toBe(true);
      // A new hour posts leads one by one again.
      expect((await postContact(jsonRequest("/api/contact", { ...validContact, email: "next-hour@example.com", phone: "(864) 555-0699" }))).status).toBe(201);
      await settleOutbox();
      expect(receiver.received).toHaveLength(5);
      expect((JSON.parse(receiver.received[4]!.body) as { event: string }).event).toBe("lead.created");
    } finally {
      delete process.env.LEAD_WEBHOOK_PER_HOUR;
    }
  });

  it("retries a receiver that answered 500 when the outbox's next attempt is due, with the same body", async () => {
    receiver.answers.push(500);
    expect((await postSurvey(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    await settleOutbox();
    expect(receiver.received).toHaveLength(1);
    const [waiting] = await webhookRows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "The webhook answered 500." });

    // Not due yet: nothing is sent.
    await drainOutbox();
    expect(receiver.received).toHaveLength(1);
    expect(waiting!.nextAttemptAt - Date.now()).toBeLessThanOrEqual(retryDelayMs(0));

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(waiting!.nextAttemptAt);
    await drainOutbox();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(verifies(receiver.received[1]!, SECRET)).toBe(true);
    expect((await webhookRows())[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(OUTBOX_MAX_ATTEMPTS).toBeGreaterThan(2);
  });

  it("posts nothing for a submission joining a lead, a folded twin, or a filled honeypot", async () => {
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    await settleOutbox();
    expect(receiver.received).toHaveLength(1);
    // The same person's survey joins the lead; the same request again is folded; a bot fills the honeypot.
    expect((await postSurvey(jsonRequest("/api/survey", { ...validSurvey, email: validContact.email }))).status).toBe(201);
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, email: "bot@spam.example", phone: "555-000-1111", website: "http://spam.example" }))).status).toBe(201);
    await settleOutbox();
    expect(receiver.received).toHaveLength(1);
    expect(await webhookRows()).toHaveLength(1);
  });

  it("queues and posts nothing when no webhook is set", async () => {
    delete process.env.LEAD_WEBHOOK_URL;
    delete process.env.LEAD_WEBHOOK_SECRET;
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    const token = await deskSession();
    await deskJson<LeadDetail>(await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body: { name: "Walk In", phone: "864-555-0199", source: "walk-in" } }), 201);
    await settleOutbox();
    expect(receiver.received).toHaveLength(0);
    expect(await listOutbox()).toEqual([]);
  });

  it("announces a quick-added lead with its channel, and leaves e-mails pending while SMTP is off", async () => {
    // An e-mail queued while SMTP was configured (it is not now).
    stubLeadMail();
    await submitLead("contact", { ...validContact, email: "earlier@example.com", phone: "864-555-0111" });
    vi.unstubAllEnvs();
    const token = await deskSession();
    const added = await deskJson<LeadDetail>(
      await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, body: { name: "Carla Mendez", phone: "(864) 555-0177", service: "voip-phone-systems", source: "phone" } }),
      201,
    );
    await settleOutbox();
    const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body) as LeadWebhookBody);
    expect(bodies.map((body) => body.lead.name)).toEqual([validContact.name, "Carla Mendez"]);
    expect(bodies[1]).toMatchObject({
      text: `New lead: Carla Mendez (VoIP Phone Systems), via Phone – ${site.url}/admin/leads/${added.id}`,
      // The phone goes to the chat tool only with LEAD_WEBHOOK_CONTACT_DETAILS=on.
      lead: { id: added.id, source: "phone", channel: "Phone", service: "voip-phone-systems", email: null, phone: null },
    });
    const outbox = await listOutbox();
    expect(outbox.filter((item) => item.kind === "webhook").map((item) => item.status)).toEqual(["sent", "sent"]);
    expect(outbox.filter((item) => item.kind === "contact").map((item) => [item.status, item.attempts])).toEqual([["pending", 0]]);
    const list = await deskJson<LeadList>(await deskCall(leadsEndpoint.GET, "GET", "/api/admin/leads", { token }));
    expect(list.total).toBe(2);
  });
});
