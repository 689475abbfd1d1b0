import { createHash, createHmac, randomBytes } from "node:crypto";
import { storedSubmissionId } from "../support/stored-submission";
import type { APIRoute } from "astro";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as repliesEndpoint from "@/pages/api/admin/leads/[id]/replies";
import * as templatesEndpoint from "@/pages/api/admin/reply-templates";
import * as templateEndpoint from "@/pages/api/admin/reply-templates/[id]";
import { site } from "@/content/site";
import type { LeadDetail, TimelineEntry } from "@/lib/lead-desk";
import { fillReplyTemplate, mailtoLink, type ReplyContext, type ReplyFields, type ReplyTemplate, type ReplyTemplateList, unknownPlaceholders } from "@/lib/reply-templates";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { createDb, destroyDb, getDb } from "@/server/db/connection";
import { listOutbox } from "@/server/mail/mail-outbox";
import { migrateToLatest } from "@/server/db/migrations";
import { resetRateLimit } from "@/server/rate-limits/rate-limits";
import { updateLead } from "@/server/leads/lead-changes";
import { ACKNOWLEDGEMENT_KEY_SETTING, ACKNOWLEDGEMENT_WINDOW_MS, acknowledgementAllowances, normalisedMailbox } from "@/server/leads/receive-lead";
import { getSetting } from "@/server/settings/settings";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { drainOutbox, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { freePort } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { createFreshDatabase, describeEachEngine, ENGINES, postgresSkipped } from "../support/test-database";

/*
 * The e-mails a visitor gets (docs/lead-mail.md): the acknowledgement of what they sent,
 * and the owner's replies from the desk with templates, against a real SMTP server on
 * loopback and the real databases.
 */

const ORIGIN = "http://127.0.0.1:3000";
const OWNER = "owner@example.com";
const FROM = "Saluda Ridge Website <website@example.com>";
const T0 = Date.UTC(2026, 10, 25, 14, 0, 0);
const MAIL_ENV = ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "MAIL_REPLY_TO", "LEAD_ACKNOWLEDGEMENT", "ACKNOWLEDGEMENTS_PER_HOUR", "RATE_LIMIT_MULTIPLIER"] as const;

let port: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  port = await freePort();
});

beforeEach(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = FROM;
  process.env.LEADS_TO = OWNER;
  delete process.env.MAIL_REPLY_TO;
  delete process.env.LEAD_ACKNOWLEDGEMENT;
  delete process.env.ACKNOWLEDGEMENTS_PER_HOUR;
  process.env.RATE_LIMIT_MULTIPLIER = "100";
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
  for (const name of MAIL_ENV) delete process.env[name];
});

function withoutSmtp(): void {
  delete process.env.SMTP_URL;
}

async function postContact(overrides: Record<string, unknown> = {}): Promise<number> {
  const contact = { ...validContact, ...overrides };
  const response = await callEndpoint(contactEndpoint.POST)(jsonRequest("/api/contact", contact));
  expect(response.status, await response.clone().text()).toBe(201);
  return storedSubmissionId("contact", contact.email);
}

async function postSurvey(overrides: Record<string, unknown> = {}): Promise<number> {
  const survey = { ...validSurvey, ...overrides };
  const response = await callEndpoint(surveyEndpoint.POST)(jsonRequest("/api/survey", survey));
  expect(response.status, await response.clone().text()).toBe(201);
  return storedSubmissionId("survey", survey.email);
}

const recipients = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((address) => address.address) : []);
const to = (address: string) => (mail: ParsedMail) => recipients(mail).includes(address);
const acknowledgements = async () => (await listOutbox()).filter((item) => item.kind === "acknowledgement");

/** A signed-in session, planted as the login would. */
async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

type CallOptions = { token?: string; body?: unknown; params?: Record<string, string>; origin?: string };

async function call(handler: APIRoute | undefined, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50" };
  if (options.token !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.token}`;
  if (options.origin !== undefined) headers.origin = options.origin;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return callEndpoint(handler)(request, options.params ?? {});
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function leadIdOf(email: string): Promise<number> {
  const db = await getDb();
  const lead = await db.selectFrom("leads").select("id").where("email_key", "=", email.trim().toLowerCase()).executeTakeFirstOrThrow();
  return Number(lead.id);
}

describeEachEngine("the visitor's acknowledgement", () => {
  it("answers a contact request at once with a fixed text: thanks, what happens next, the phone, the hours and the service chosen, repeating nothing typed", async () => {
    sink = await startSmtpSink(port);
    const id = await postContact({ name: "Eve Bold", message: "Failover for two offices & a <script>alert(1)</script> tag. Visit https://evil.example/login", source: "quote" });
    await drainOutbox();

    expect(sink.messages).toHaveLength(2);
    const owner = sink.messages.filter(to(OWNER));
    const visitor = sink.messages.filter(to(validContact.email));
    expect(owner).toHaveLength(1);
    expect(visitor).toHaveLength(1);
    const mail = visitor[0]!;
    expect(recipients(mail)).toEqual([validContact.email]);
    expect(mail.from?.value.map((address) => address.address)).toEqual(["website@example.com"]);
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual([OWNER]);
    expect(mail.subject).toBe(`We received your message – ${site.name}`);
    const text = mail.text ?? "";
    for (const value of [
      "Hi Eve,",
      `Thank you for contacting ${site.name}`,
      "You asked about: Managed Internet & Failover.",
      "within one business day",
      `call us at ${site.phone.display}`,
      site.hours.regular.weekdays,
      site.hours.regular.weekends,
      site.email,
    ]) {
      expect(text).toContain(value);
    }
    // Nothing the visitor typed comes back: not the message, the links, the phone or the surname.
    for (const typed of ["Failover for two offices", "evil.example", "script", "Bold", "What you sent us"]) {
      expect(text).not.toContain(typed);
      expect(mail.html || "").not.toContain(typed);
    }
    expect(mail.html || "").toContain(site.hours.regular.weekdays.replace(/&/g, "&amp;"));

    const [row] = await acknowledgements();
    expect(row).toMatchObject({ kind: "acknowledgement", refId: id, status: "sent" });
    const db = await getDb();
    const stored = await db.selectFrom("mail_outbox").select("lead_id").where("kind", "=", "acknowledgement").executeTakeFirstOrThrow();
    expect(Number(stored.lead_id)).toBe(await leadIdOf(validContact.email));
  });

  it("greets by first name only a name that looks like one: letters, spaces, hyphens, apostrophes, at most 40 characters", async () => {
    sink = await startSmtpSink(port);
    const names: [string, string][] = [
      ["Zoë O'Brien-Smith", "Hi Zoë,"],
      ["Eve <b>Bold</b>", "Hello,"],
      ["<!channel> https://evil.example/login", "Hello,"],
      ["Claim your prize at evil.example", "Hello,"],
      ["A".repeat(41), "Hello,"],
      ["Dana 2", "Hello,"],
    ];
    for (const [index, [name]] of names.entries()) await postContact({ name, email: `person${index}@example.com`, phone: `(864) 555-01${10 + index}` });
    await drainOutbox();
    for (const [index, [name, greeting]] of names.entries()) {
      const [mail] = sink.messages.filter(to(`person${index}@example.com`));
      expect(mail?.text?.split("\n")[0], name).toBe(greeting);
      if (greeting === "Hello,") expect(mail?.text).not.toContain(name.slice(0, 8));
    }
  });

  it("answers a survey with \"Hello,\" and the services ticked, none of its typed answers, and sends replies to MAIL_REPLY_TO when set", async () => {
    process.env.MAIL_REPLY_TO = "Saluda Ridge Office <office@example.com>";
    sink = await startSmtpSink(port);
    await postSurvey({ additionalComments: "Call https://evil.example now" });
    await drainOutbox();

    const [mail] = sink.messages.filter(to(validSurvey.email));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`We received your connectivity survey – ${site.name}`);
    expect(mail!.replyTo?.value.map((address) => address.address)).toEqual(["office@example.com"]);
    for (const value of ["Hello,", "You asked about: VoIP Phone Systems, Starlink Business.", site.phone.display]) expect(mail!.text).toContain(value);
    for (const typed of [validSurvey.businessName, validSurvey.address, "evil.example", validSurvey.primaryInternetUse]) expect(mail!.text).not.toContain(typed);
    // The owner's own notification still answers to the visitor.
    const [owner] = sink.messages.filter(to(OWNER));
    expect(owner?.replyTo?.value.map((address) => address.address)).toEqual([validSurvey.email]);
  });

  it("sends one acknowledgement per address per hour, whatever the address's case, and another after the hour", async () => {
    sink = await startSmtpSink(port);
    await postContact();
    vi.setSystemTime(T0 + 5 * 60_000);
    await postContact({ email: `  ${validContact.email.toUpperCase()} `, message: "A second question about the same offices." });
    await postSurvey({ email: validContact.email, phoneNumber: "864-555-0999" });
    await postContact({ email: "someone.else@example.com", phone: "(864) 555-0177" });
    await drainOutbox();

    expect(sink.messages.filter(to(validContact.email))).toHaveLength(1);
    expect(sink.messages.filter(to("someone.else@example.com"))).toHaveLength(1);
    // The owner hears of every one of them.
    expect(sink.messages.filter(to(OWNER))).toHaveLength(4);

    vi.setSystemTime(T0 + ACKNOWLEDGEMENT_WINDOW_MS + 1);
    await postContact({ message: "Back again after an hour, with news." });
    await drainOutbox();
    expect(sink.messages.filter(to(validContact.email))).toHaveLength(2);
    expect(await acknowledgements()).toHaveLength(3);
  });

  it("treats one mailbox as one recipient: case, a +tag and, at Gmail, dots make no second acknowledgement", async () => {
    sink = await startSmtpSink(port);
    const spellings = ["target@gmail.com", "t.arget@gmail.com", "target+a@gmail.com", "T.A.R.G.E.T+news@googlemail.com", "Target@Gmail.com"];
    for (const [index, email] of spellings.entries()) await postContact({ email, phone: `(864) 555-02${10 + index}`, message: `Attempt number ${index} at the same box.` });
    // Dots count elsewhere: these are two mailboxes.
    await postContact({ email: "t.arget@example.com", phone: "(864) 555-0231" });
    await postContact({ email: "target@example.com", phone: "(864) 555-0232" });
    await drainOutbox();
    const visitorMail = sink.messages.filter((mail) => !to(OWNER)(mail));
    expect(visitorMail.map(recipients)).toEqual([["target@gmail.com"], ["t.arget@example.com"], ["target@example.com"]]);
    expect(sink.messages.filter(to(OWNER))).toHaveLength(7);
    expect(normalisedMailbox(" T.A.R.G.E.T+news@googlemail.com ")).toBe("target@gmail.com");
    expect(normalisedMailbox("First.Last+x@Example.com")).toBe("first.last@example.com");
  });

  it("keys the once-an-hour counter by an HMAC of the mailbox under a secret in the settings, never the address or its plain hash", async () => {
    await postContact({ email: "Mixed.Case@Example.com" });
    await postSurvey({ email: "office@blueheron.example" });
    const db = await getDb();
    const rows = await db.selectFrom("rate_limits").selectAll().execute();
    const everything = JSON.stringify(rows).toLowerCase();
    for (const address of ["mixed.case@example.com", "office@blueheron.example", "example.com", "blueheron"]) expect(everything).not.toContain(address);
    const plain = createHash("sha256").update("mixed.case@example.com").digest("hex");
    expect(everything).not.toContain(plain);
    const secret = await getSetting(ACKNOWLEDGEMENT_KEY_SETTING);
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    const expected = `acknowledgement:${createHmac("sha256", secret!).update("mixed.case@example.com").digest("hex")}`;
    expect(rows.map((row) => row.key)).toContain(expected);
    expect((await acknowledgementAllowances(" MIXED.case+tag@example.COM ")).mailbox.key).toBe(expected);
  });

  it("sends at most ACKNOWLEDGEMENTS_PER_HOUR for the whole site; past it the lead is still stored, answered 201 and told to the owner", async () => {
    process.env.ACKNOWLEDGEMENTS_PER_HOUR = "3";
    sink = await startSmtpSink(port);
    const strangers = Array.from({ length: 6 }, (_, index) => `stranger${index}@example.com`);
    for (const [index, email] of strangers.entries()) {
      const response = await callEndpoint(contactEndpoint.POST)(
        jsonRequest("/api/contact", { ...validContact, email, phone: `(864) 555-03${10 + index}`, message: "Click https://evil.example/prize to claim." }, { address: `198.51.100.${index + 1}` }),
      );
      expect(response.status).toBe(201);
    }
    await drainOutbox();
    expect(sink.messages.filter((mail) => !to(OWNER)(mail)).map(recipients)).toEqual(strangers.slice(0, 3).map((email) => [email]));
    expect(sink.messages.filter(to(OWNER))).toHaveLength(6);
    const db = await getDb();
    expect(Number((await db.selectFrom("leads").select(db.fn.countAll().as("count")).executeTakeFirstOrThrow()).count)).toBe(6);
    // The cap is one row of the shared database, counted by one upsert (every instance adds to it; skipped ones count too).
    expect(await db.selectFrom("rate_limits").select("count").where("key", "=", "acknowledgements").executeTakeFirst()).toEqual({ count: 6 });

    // A mailbox skipped by the cap still gets its one in the next hour.
    vi.setSystemTime(T0 + ACKNOWLEDGEMENT_WINDOW_MS + 1);
    await postContact({ email: strangers[5]!, phone: "(864) 555-0315", message: "Following up on the earlier request." });
    await drainOutbox();
    expect(sink.messages.filter(to(strangers[5]!))).toHaveLength(1);
  });

  it("sends nothing for a filled honeypot or for a submission joining a Spam lead", async () => {
    sink = await startSmtpSink(port);
    const response = await callEndpoint(contactEndpoint.POST)(jsonRequest("/api/contact", { ...validContact, website: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect(await listOutbox()).toEqual([]);

    await postContact({ email: "later-spam@example.com", phone: "(864) 555-0101" });
    const leadId = await leadIdOf("later-spam@example.com");
    await drainOutbox();
    expect(sink.messages.filter(to("later-spam@example.com"))).toHaveLength(1);
    await updateLead(leadId, { status: "spam" });

    // An hour later the address's allowance is free again, but the lead is Spam.
    vi.setSystemTime(T0 + ACKNOWLEDGEMENT_WINDOW_MS + 1);
    await postContact({ email: "later-spam@example.com", phone: "(864) 555-0101", message: "Buy cheap followers now, best offer." });
    await drainOutbox();
    expect(sink.messages.filter(to("later-spam@example.com"))).toHaveLength(1);
    expect(await acknowledgements()).toHaveLength(1);
  });

  it("sends nothing for a folded duplicate even when its address's hour is free", async () => {
    await postContact();
    await resetRateLimit((await acknowledgementAllowances(validContact.email)).mailbox.key);
    vi.setSystemTime(T0 + 60_000);
    await postContact();
    expect(await acknowledgements()).toHaveLength(1);
  });

  it("with LEAD_ACKNOWLEDGEMENT=off sends none, while the owner's notification still goes", async () => {
    process.env.LEAD_ACKNOWLEDGEMENT = "off";
    sink = await startSmtpSink(port);
    await postContact();
    await postSurvey();
    await drainOutbox();
    expect(sink.messages.filter(to(OWNER))).toHaveLength(2);
    expect(sink.messages.filter((mail) => !to(OWNER)(mail))).toEqual([]);
    expect(await acknowledgements()).toEqual([]);
  });

  it("queues nothing without SMTP configured, as for the owner's notifications", async () => {
    withoutSmtp();
    await postContact();
    expect(await listOutbox()).toEqual([]);
  });

  it("is erased with the submission it copies", async () => {
    const id = await postContact();
    await postContact({ message: "A second message that keeps the lead alive." });
    expect(await acknowledgements()).toHaveLength(1);
    await eraseSubmission({ kind: "contact", id });
    expect(await acknowledgements()).toEqual([]);
  });
});

describe("filling a template", () => {
  const fields: ReplyFields = { name: "Dana", business: "Blue Heron", service: "VoIP Phone Systems", employees: "12", devices: "40", phones: "6", owner: "Saluda Ridge Technologies", phone: "(864) 555-0142" };

  it("replaces every known placeholder, spaces inside the braces allowed, and leaves an unknown one visible", () => {
    expect(fillReplyTemplate("Hi {{name}} of {{ business }}: {{service}}, {{employees}}/{{devices}}/{{phones}}. {{owner}} {{phone}} {{price}}", fields)).toBe(
      "Hi Dana of Blue Heron: VoIP Phone Systems, 12/40/6. Saluda Ridge Technologies (864) 555-0142 {{price}}",
    );
    expect(unknownPlaceholders("{{name}} {{price}} {{ price }} {{Name}}")).toEqual(["price", "Name"]);
  });

  it("fills in one pass: a value that looks like a placeholder stays as it is", () => {
    expect(fillReplyTemplate("Hi {{name}}", { ...fields, name: "{{phone}}" })).toBe("Hi {{phone}}");
  });

  it("builds a mailto: link with every part percent-encoded and CRLF line breaks", () => {
    const link = mailtoLink("dana+desk@example.com", "Your quote & more?", "Hi Dana,\n\nLine two = 100%");
    expect(link).toBe("mailto:dana%2Bdesk@example.com?subject=Your%20quote%20%26%20more%3F&body=Hi%20Dana%2C%0D%0A%0D%0ALine%20two%20%3D%20100%25");
    const parsed = new URL(link);
    expect(parsed.searchParams.get("subject")).toBe("Your quote & more?");
    expect(parsed.searchParams.get("body")).toBe("Hi Dana,\r\n\r\nLine two = 100%");
  });
});

describe.each(ENGINES.filter((engine) => engine === "sqlite" || !postgresSkipped()))("migration 0012_reply_templates [%s]", (engine) => {
  it("creates the templates table with three templates to start from, each using only known placeholders", async () => {
    const fresh = await createFreshDatabase(engine);
    const db = createDb(fresh.config);
    try {
      await migrateToLatest(db, engine);
      const rows = await db.selectFrom("reply_templates").selectAll().orderBy("id").execute();
      expect(rows.map((row) => row.name)).toEqual(["First reply to a contact request", "Survey follow-up", "Quote follow-up"]);
      for (const row of rows) expect(unknownPlaceholders(`${row.subject} ${row.body}`)).toEqual([]);
      expect(rows[1]!.body).toMatch(/\{\{employees\}\}.*\{\{devices\}\}.*\{\{phones\}\}/s);
    } finally {
      await destroyDb(db);
      await fresh.drop();
    }
  });
});

describeEachEngine("reply templates API", () => {
  const base = "/api/admin/reply-templates";
  const one = (id: number | string) => ({ path: `${base}/${id}`, params: { id: String(id) } });

  it("adds, lists, reads, edits and deletes a template", async () => {
    const token = await session();
    const created = await json<{ template: ReplyTemplate }>(
      await call(templatesEndpoint.POST, "POST", base, { token, body: { name: "  Site visit  ", subject: "Visit for {{business}}", body: "Hi {{name}},\nwe can visit on Tuesday." } }),
      201,
    );
    expect(created.template).toMatchObject({ name: "Site visit", subject: "Visit for {{business}}", body: "Hi {{name}},\nwe can visit on Tuesday." });

    const list = await json<ReplyTemplateList>(await call(templatesEndpoint.GET, "GET", base, { token }));
    expect(list.templates.map((template) => template.id)).toEqual([created.template.id]);
    expect(list.mailEnabled).toBe(true);
    expect(list.example).toMatchObject({ owner: site.name, phone: site.phone.display, employees: "12" });

    const { path, params } = one(created.template.id);
    expect((await json<{ template: ReplyTemplate }>(await call(templateEndpoint.GET, "GET", path, { token, params }))).template.name).toBe("Site visit");
    vi.setSystemTime(T0 + 60_000);
    const edited = await json<{ template: ReplyTemplate }>(await call(templateEndpoint.PATCH, "PATCH", path, { token, params, body: { subject: "Visit on {{ service }}" } }));
    expect(edited.template).toMatchObject({ name: "Site visit", subject: "Visit on {{ service }}", updatedAt: new Date(T0 + 60_000).toISOString(), createdAt: new Date(T0).toISOString() });

    expect((await call(templateEndpoint.DELETE, "DELETE", path, { token, params })).status).toBe(204);
    expect((await call(templateEndpoint.GET, "GET", path, { token, params })).status).toBe(404);
    expect((await call(templateEndpoint.DELETE, "DELETE", path, { token, params })).status).toBe(404);
    expect((await call(templateEndpoint.PATCH, "PATCH", path, { token, params, body: { name: "Gone" } })).status).toBe(404);
  });

  it("refuses an unknown placeholder, empty or over-long text, a two-line subject, an empty change and a malformed id with a JSON 400", async () => {
    const token = await session();
    const bad = async (body: unknown) => json<{ error: string; fields: Record<string, string>; fieldErrors: Record<string, string> }>(await call(templatesEndpoint.POST, "POST", base, { token, body }), 400);
    const unknown = await bad({ name: "Price", subject: "Your price", body: "It is {{price}} and {{ total }}." });
    expect(unknown.fields.body).toBe("Unknown placeholder {{price}}, {{total}}. Use only those listed.");
    expect(unknown.fieldErrors).toEqual(unknown.fields);
    expect((await bad({ name: "", subject: "s", body: "b" })).fields.name).toBeDefined();
    expect((await bad({ name: "n", subject: "one\r\nBcc: x@example.com", body: "b" })).fields.subject).toBe("A subject is one line.");
    expect((await bad({ name: "n", subject: "s", body: "x".repeat(10_001) })).fields.body).toMatch(/at most 10000/);
    expect((await bad({ name: 5, subject: ["s"], body: null })).fields).toMatchObject({ name: expect.any(String), subject: expect.any(String), body: expect.any(String) });

    const created = await json<{ template: ReplyTemplate }>(await call(templatesEndpoint.POST, "POST", base, { token, body: { name: "n", subject: "s", body: "b" } }), 201);
    const { path, params } = one(created.template.id);
    expect((await json<{ fields: Record<string, string> }>(await call(templateEndpoint.PATCH, "PATCH", path, { token, params, body: {} }), 400)).fields._root).toBe("Nothing to change.");
    expect((await call(templateEndpoint.GET, "GET", `${base}/abc`, { token, params: { id: "abc" } })).status).toBe(400);
  });

  it("answers 401 without a session and 403 to a cross-origin change", async () => {
    expect((await call(templatesEndpoint.GET, "GET", base)).status).toBe(401);
    const token = await session();
    expect((await call(templatesEndpoint.POST, "POST", base, { token, origin: "https://evil.example", body: { name: "n", subject: "s", body: "b" } })).status).toBe(403);
    expect((await call(templatesEndpoint.ALL, "PUT", base, { token })).status).toBe(405);
  });
});

describeEachEngine("replies from a lead", () => {
  const replies = (id: number) => ({ path: `/api/admin/leads/${id}/replies`, params: { id: String(id) } });

  async function template(token: string, subject: string, body: string): Promise<ReplyTemplate> {
    return (await json<{ template: ReplyTemplate }>(await call(templatesEndpoint.POST, "POST", "/api/admin/reply-templates", { token, body: { name: "Test", subject, body } }), 201)).template;
  }

  it("fills the templates for the lead, with its latest survey's counts, and leaves the counts empty without a survey", async () => {
    const token = await session();
    await template(token, "About {{service}} for {{business}}", "{{name}}: {{employees}} staff, {{devices}} devices, {{phones}} phones. {{owner}}, {{phone}}");
    await postContact();
    const leadId = await leadIdOf(validContact.email);
    const before = await json<ReplyContext>(await call(repliesEndpoint.GET, "GET", replies(leadId).path, { token, params: replies(leadId).params }));
    expect(before).toMatchObject({ to: validContact.email, mailEnabled: true });
    expect(before.templates[0]).toMatchObject({ subject: "About Managed Internet & Failover for ", body: `${validContact.name}:  staff,  devices,  phones. ${site.name}, ${site.phone.display}` });

    await postSurvey({ email: validContact.email, employeeCount: 3, deviceCount: 9, phoneCount: 2 });
    vi.setSystemTime(T0 + 60_000);
    await postSurvey({ email: validContact.email, employeeCount: 14, deviceCount: 55, phoneCount: 8, additionalComments: "Updated numbers." });
    const after = await json<ReplyContext>(await call(repliesEndpoint.GET, "GET", replies(leadId).path, { token, params: replies(leadId).params }));
    expect(after.templates[0]!.subject).toBe(`About Managed Internet & Failover for ${validSurvey.businessName}`);
    expect(after.templates[0]!.body).toBe(`${validContact.name}: 14 staff, 55 devices, 8 phones. ${site.name}, ${site.phone.display}`);
    expect((await call(repliesEndpoint.GET, "GET", replies(999_999).path, { token, params: replies(999_999).params })).status).toBe(404);
  });

  it("sends a reply through the outbox to the lead's e-mail with the owner's reply-to, puts it on the timeline and answers a New lead", async () => {
    process.env.LEAD_ACKNOWLEDGEMENT = "off";
    sink = await startSmtpSink(port);
    const token = await session();
    const used = await template(token, "Your {{service}} request", "Hi {{name}}");
    await postContact();
    const leadId = await leadIdOf(validContact.email);
    await drainOutbox();
    sink.messages.length = 0;

    vi.setSystemTime(T0 + 90_000);
    const body = "Hi Dana,\n\nThanks for writing. <b>Tuesday</b> works & we can bring the gear.";
    const answer = await json<{ entry: TimelineEntry; lead: LeadDetail }>(
      await call(repliesEndpoint.POST, "POST", replies(leadId).path, { token, params: replies(leadId).params, body: { templateId: used.id, subject: "Your Managed Internet & Failover request", body } }),
      201,
    );
    expect(answer.entry).toMatchObject({ type: "email", subject: "Your Managed Internet & Failover request", body, templateId: used.id, delivery: "queued", at: new Date(T0 + 90_000).toISOString() });
    expect(answer.lead).toMatchObject({ status: "contacted", speedToLeadSeconds: 90 });
    expect(answer.lead.timeline.slice(0, 2).map((entry) => entry.type)).toEqual(["status", "email"]);

    const outbox = (await listOutbox()).filter((item) => item.kind === "reply");
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.refId).toBe(Number(answer.entry.id.replace("event-", "")));
    const db = await getDb();
    expect(Number((await db.selectFrom("mail_outbox").select("lead_id").where("kind", "=", "reply").executeTakeFirstOrThrow()).lead_id)).toBe(leadId);
    // The owner's audit log names the reply and the template it came from, not what it said.
    const audited = await db.selectFrom("admin_audit_log").select(["action", "target_kind", "target_id", "detail", "session_id"]).where("action", "like", "%.email_%").execute();
    expect(audited).toEqual([{ action: "lead.email_sent", target_kind: "lead", target_id: String(leadId), detail: JSON.stringify({ templateId: used.id }), session_id: expect.any(String) }]);
    expect((await db.selectFrom("admin_audit_log").select("action").where("action", "=", "template.created").execute()).length).toBe(1);

    await drainOutbox();
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(recipients(mail)).toEqual([validContact.email]);
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual([OWNER]);
    expect(mail.from?.value.map((address) => address.address)).toEqual(["website@example.com"]);
    expect(mail.subject).toBe("Your Managed Internet & Failover request");
    expect(mail.text?.trim()).toBe(body);
    expect(mail.html).toContain("&lt;b&gt;Tuesday&lt;/b&gt; works &amp; we can bring the gear.");

    const lead = await json<LeadDetail>(await call(leadEndpoint.GET, "GET", `/api/admin/leads/${leadId}`, { token, params: { id: String(leadId) } }));
    expect(lead.timeline.find((entry) => entry.type === "email")).toEqual(answer.entry);

    // A second reply is just a reply: the lead is already answered.
    const second = await json<{ lead: LeadDetail }>(await call(repliesEndpoint.POST, "POST", replies(leadId).path, { token, params: replies(leadId).params, body: { subject: "One more thing", body: "Bring the floor plan." } }), 201);
    expect(second.lead.status).toBe("contacted");
    expect(second.lead.speedToLeadSeconds).toBe(90);
  });

  it("without SMTP drafts the reply: nothing is queued, the timeline says drafted, and sending is refused with a 409", async () => {
    withoutSmtp();
    const token = await session();
    await postContact();
    const leadId = await leadIdOf(validContact.email);
    const context = await json<ReplyContext>(await call(repliesEndpoint.GET, "GET", replies(leadId).path, { token, params: replies(leadId).params }));
    expect(context.mailEnabled).toBe(false);

    const refused = await call(repliesEndpoint.POST, "POST", replies(leadId).path, { token, params: replies(leadId).params, body: { subject: "Hello", body: "Hi", mode: "send" } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/not configured/);

    const drafted = await json<{ entry: TimelineEntry; lead: LeadDetail }>(await call(repliesEndpoint.POST, "POST", replies(leadId).path, { token, params: replies(leadId).params, body: { subject: "Hello", body: "Hi Dana" } }), 201);
    expect(drafted.entry).toMatchObject({ type: "email", delivery: "drafted", subject: "Hello", templateId: null });
    expect(drafted.lead.status).toBe("contacted");
    expect(await listOutbox()).toEqual([]);
  });

  it("refuses a lead without an e-mail (409), an unknown lead or template (404), and bad input (400)", async () => {
    const token = await session();
    const db = await getDb();
    const phoneOnly = await db
      .insertInto("leads")
      .values({ name: "Walk-in Wanda", phone: "(864) 555-0110", phone_key: "8645550110", first_submitted_at: T0, last_submitted_at: T0, created_at: T0, updated_at: T0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const post = (id: number, body: unknown) => call(repliesEndpoint.POST, "POST", replies(id).path, { token, params: replies(id).params, body });
    const noEmail = await post(Number(phoneOnly.id), { subject: "Hi", body: "Hello" });
    expect(noEmail.status).toBe(409);
    expect(((await noEmail.json()) as { error: string }).error).toBe("This lead has no e-mail address.");

    await postContact();
    const leadId = await leadIdOf(validContact.email);
    expect((await post(999_999, { subject: "Hi", body: "Hello" })).status).toBe(404);
    expect((await post(leadId, { subject: "Hi", body: "Hello", templateId: 999_999 })).status).toBe(404);
    for (const body of [{}, { subject: "", body: "x" }, { subject: "Hi\nBcc: x@example.com", body: "x" }, { subject: "Hi", body: "x".repeat(10_001) }, { subject: "Hi", body: "x", mode: "fax" }, { subject: "Hi", body: "x", templateId: "1" }, "text"]) {
      const response = await post(leadId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await call(repliesEndpoint.POST, "POST", replies(leadId).path, { params: replies(leadId).params, body: { subject: "Hi", body: "x" } })).status).toBe(401);
    // None of the refused replies reached the timeline.
    expect((await db.selectFrom("lead_events").select("id").where("type", "=", "email").execute()).length).toBe(0);
  });
});
