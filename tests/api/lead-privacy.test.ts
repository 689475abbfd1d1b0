import { storedSubmissionId } from "../support/stored-submission";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { APIContext } from "astro";
import { generate } from "otplib";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import * as auditEndpoint from "@/pages/api/admin/account/audit";
import * as passwordEndpoint from "@/pages/api/admin/account/password";
import * as sessionsEndpoint from "@/pages/api/admin/account/sessions";
import * as sessionEndpoint from "@/pages/api/admin/account/sessions/[id]";
import * as twoFactorDisableEndpoint from "@/pages/api/admin/account/two-factor/disable";
import * as twoFactorEnableEndpoint from "@/pages/api/admin/account/two-factor/enable";
import * as twoFactorSetupEndpoint from "@/pages/api/admin/account/two-factor/setup";
import * as adminContactEndpoint from "@/pages/api/admin/contacts/[id]";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as leadCallsEndpoint from "@/pages/api/admin/leads/[id]/calls";
import * as leadExportEndpoint from "@/pages/api/admin/leads/[id]/export";
import * as leadNotesEndpoint from "@/pages/api/admin/leads/[id]/notes";
import * as leadNoteEndpoint from "@/pages/api/admin/leads/[id]/notes/[noteId]";
import * as loginEndpoint from "@/pages/api/admin/login";
import * as logoutEndpoint from "@/pages/api/admin/logout";
import * as adminSurveyEndpoint from "@/pages/api/admin/surveys/[id]";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import type { AuditPage } from "@/lib/admin-audit";
import { resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { SESSION_COOKIE, startAdminSession } from "@/server/auth/admin-session";
import { engineOf, getDb } from "@/server/db/connection";
import { enqueueOutboxMessage, listOutbox } from "@/server/mail/mail-outbox";
import { LEAD_EMAIL_WINDOW_MS } from "@/server/leads/receive-lead";
import { applyLeadRetention, RETENTION_BATCH } from "@/server/leads/lead-retention";
import { drainOutbox, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { runPruneOnce } from "@/server/pruning/prune-job";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { columnsContaining, storedBytesContaining } from "../support/database-scan";
import { freePort } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { describeEachEngine } from "../support/test-database";

/*
 * The privacy page's promises (docs/privacy-controls.md): erasing a person leaves their
 * address in no row of any table; the export holds everything about them; retention
 * erases or reduces leads inactive for LEAD_RETENTION_MONTHS; the audit log records the
 * owner's actions, with the session, and never a person's data.
 */

const ORIGIN = "http://127.0.0.1:3000";
const PASSWORD = "correct horse battery staple";
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

const postContact = async (request: Request) => contactEndpoint.POST({ request } as unknown as APIContext);
const postSurvey = async (request: Request) => surveyEndpoint.POST({ request } as unknown as APIContext);
const endpoints = {
  eraseLead: callEndpoint(leadEndpoint.DELETE),
  otherLeadMethods: callEndpoint(leadEndpoint.ALL),
  patchLead: callEndpoint(leadEndpoint.PATCH),
  exportLead: callEndpoint(leadExportEndpoint.GET),
  postNote: callEndpoint(leadNotesEndpoint.POST),
  patchNote: callEndpoint(leadNoteEndpoint.PATCH),
  deleteNote: callEndpoint(leadNoteEndpoint.DELETE),
  postCall: callEndpoint(leadCallsEndpoint.POST),
  deleteContact: callEndpoint(adminContactEndpoint.DELETE),
  deleteSurvey: callEndpoint(adminSurveyEndpoint.DELETE),
  audit: callEndpoint(auditEndpoint.GET),
  password: callEndpoint(passwordEndpoint.POST),
  sessions: callEndpoint(sessionsEndpoint.DELETE),
  session: callEndpoint(sessionEndpoint.DELETE),
  twoFactorSetup: callEndpoint(twoFactorSetupEndpoint.POST),
  twoFactorEnable: callEndpoint(twoFactorEnableEndpoint.POST),
  twoFactorDisable: callEndpoint(twoFactorDisableEndpoint.POST),
  login: callEndpoint(loginEndpoint.POST),
  logout: callEndpoint(logoutEndpoint.POST),
};

const RETENTION_SCRIPT = path.resolve(__dirname, "../support/retention-process.ts");

/** An app process of its own (a second instance): its stdout line by line. */
function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: path.resolve(__dirname, "../.."), env, stdio: ["pipe", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    nextLine: async (): Promise<string> => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`the process exited early (code ${child.exitCode}): ${stderr.join("")}`);
      return value as string;
    },
  };
}

let port: number;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  port = await freePort();
});

beforeEach(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Saluda Ridge Website <website@example.com>";
  process.env.LEADS_TO = "owner@example.com";
  process.env.RATE_LIMIT_MULTIPLIER = "100";
  process.env.LEAD_EMAILS_PER_HOUR = "1";
  // The outbox rows these tests count are laid out by hand, an acknowledgement among them.
  process.env.LEAD_ACKNOWLEDGEMENT = "off";
  process.env.ADMIN_USERNAME = "admin";
  process.env.ADMIN_PASSWORD = PASSWORD;
  resetAdminCredentialsCache();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});

afterEach(async () => {
  await stopOutboxWorker();
  await sink?.close();
  sink = undefined;
  vi.useRealTimers();
  delete process.env.LEAD_RETENTION_MONTHS;
});

afterAll(() => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "RATE_LIMIT_MULTIPLIER", "LEAD_EMAILS_PER_HOUR", "LEAD_ACKNOWLEDGEMENT", "ADMIN_USERNAME", "ADMIN_PASSWORD"]) delete process.env[name];
  resetAdminCredentialsCache();
});

type Session = { cookie: string; publicId: string };

/** A signed-in browser, as the account page would name it. */
async function signIn(userAgent = FIREFOX_ON_LINUX): Promise<Session> {
  const session = await startAdminSession({ userAgent });
  return { cookie: `${SESSION_COOKIE}=${session.token}`, publicId: session.publicId };
}

function adminRequest(path: string, session: Session | undefined, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.50", ...options.headers };
  if (session) headers.cookie = session.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? "GET", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

let phoneSequence = 0;
const nextPhone = () => `(864) 555-${String(2000 + ++phoneSequence)}`;

/** A submission through the public API; answers its lead's id. */
async function send(kind: "contact" | "survey", email: string, phone: string, text = "We need failover internet for two offices."): Promise<{ submissionId: number; leadId: number }> {
  const response =
    kind === "contact"
      ? await postContact(jsonRequest("/api/contact", { ...validContact, name: `Name of ${email}`, email, phone, message: text }))
      : await postSurvey(jsonRequest("/api/survey", { ...validSurvey, businessName: `Business of ${email}`, email, phoneNumber: phone, additionalComments: text }));
  expect(response.status).toBe(201);
  const id = await storedSubmissionId(kind, email);
  const table = kind === "contact" ? "contact_requests" : "survey_submissions";
  const row = await (await getDb()).selectFrom(table).select("lead_id").where("id", "=", id).executeTakeFirstOrThrow();
  return { submissionId: id, leadId: Number(row.lead_id) };
}

async function patchLead(session: Session, leadId: number, body: unknown): Promise<void> {
  const response = await endpoints.patchLead(adminRequest(`/api/admin/leads/${leadId}`, session, { method: "PATCH", body }), { id: String(leadId) });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function addNote(session: Session, leadId: number, text: string): Promise<number> {
  const response = await endpoints.postNote(adminRequest(`/api/admin/leads/${leadId}/notes`, session, { method: "POST", body: { text } }), { id: String(leadId) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { note: { id: number } }).note.id;
}

async function logCall(session: Session, leadId: number, body: unknown): Promise<void> {
  const response = await endpoints.postCall(adminRequest(`/api/admin/leads/${leadId}/calls`, session, { method: "POST", body }), { id: String(leadId) });
  expect(response.status).toBe(201);
}

async function auditRows() {
  const db = await getDb();
  return db.selectFrom("admin_audit_log").selectAll().orderBy("id").execute();
}

async function auditPage(session: Session, page?: string): Promise<Response> {
  return endpoints.audit(adminRequest(`/api/admin/account/audit${page === undefined ? "" : `?page=${page}`}`, session));
}

const count = async (table: "leads" | "contact_requests" | "survey_submissions" | "lead_events" | "mail_outbox", leadId: number) => {
  const db = await getDb();
  const column = table === "leads" ? "id" : "lead_id";
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where(column, "=", leadId).executeTakeFirstOrThrow();
  return Number(row.n);
};

describeEachEngine("erasing a person: DELETE /api/admin/leads/{id}", () => {
  it("removes the lead and every copy of its data (outbox pending, sent, held and digested, digest lines, acknowledgements, rate-limit keys): no row of any table holds its e-mail or phone", async () => {
    const session = await signIn();
    const gone = "erase.me@gone.example";
    const gonePhone = "(864) 555-0777";
    const keptPhone = nextPhone();
    sink = await startSmtpSink(port);
    // The first notification of the hour goes at once: sent.
    const first = await send("contact", gone, gonePhone, "First message from the person.");
    await drainOutbox();
    // Past the hourly allowance: held, then gathered into a digest with another lead's.
    await send("contact", "kept@kept.example", keptPhone);
    await send("contact", gone, gonePhone, "Second message, held for the digest.");
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    // A new hour: one waiting to be sent, one held.
    await send("survey", gone, gonePhone, "Survey comments of the person.");
    await send("contact", gone, gonePhone, "Third message, held.");
    // Other kinds of e-mail about the lead (acknowledgement, reply) and a limit keyed by the address.
    const db = await getDb();
    for (const kind of ["acknowledgement", "reply"] as const) {
      await enqueueOutboxMessage(db, {
        kind,
        refId: first.submissionId,
        leadId: first.leadId,
        message: { to: gone, from: "website@example.com", subject: `Thanks, Name of ${gone}`, text: `Hello ${gonePhone}`, html: "" },
        now: Date.now(),
      });
    }
    await db.insertInto("rate_limits").values({ key: `acknowledgement:${gone}`, window_start: Date.now(), count: 1, expires_at: Date.now() + LEAD_EMAIL_WINDOW_MS }).execute();
    await patchLead(session, first.leadId, { status: "contacted" });
    await addNote(session, first.leadId, `Call ${gonePhone} after lunch`);
    await logCall(session, first.leadId, { outcome: "reached", note: `Spoke to Name of ${gone}` });

    // The survey's notification is the hour's first: the outbox kick after it may have sent it already.
    const statuses = (await listOutbox()).map((item) => `${item.kind}:${item.kind === "survey" ? item.status.replace("sent", "pending") : item.status}`);
    expect(statuses).toEqual(["contact:sent", "contact:sent", "contact:sent", "digest:sent", "survey:pending", "contact:held", "acknowledgement:pending", "reply:pending"]);
    expect(await columnsContaining(gone)).toEqual(expect.arrayContaining(["contact_requests.email", "survey_submissions.email", "leads.email", "mail_outbox.payload", "rate_limits.key"]));
    expect(await columnsContaining("0777")).not.toEqual([]);

    const response = await endpoints.eraseLead(adminRequest(`/api/admin/leads/${first.leadId}`, session, { method: "DELETE" }), { id: String(first.leadId) });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");

    expect(await columnsContaining(gone)).toEqual([]);
    expect(await columnsContaining("555-0777")).toEqual([]);
    expect(await columnsContaining("8645550777")).toEqual([]);
    for (const words of ["First message from the person", "Survey comments of the person", "after lunch", "Spoke to"]) expect(await columnsContaining(words)).toEqual([]);
    for (const table of ["leads", "contact_requests", "survey_submissions", "lead_events", "mail_outbox"] as const) expect(await count(table, first.leadId)).toBe(0);
    // The other lead keeps its rows, and the sent digest keeps its line.
    expect(await columnsContaining("kept@kept.example")).toEqual(expect.arrayContaining(["contact_requests.email", "leads.email"]));
    const digest = (await listOutbox()).find((item) => item.kind === "digest");
    expect(digest?.payload.text).toContain("kept@kept.example");
    expect(digest?.payload.subject).toBe("Lead digest: 1 lead past the hourly e-mail limit");

    const audit = await auditRows();
    const erased = audit.find((row) => row.action === "lead.erased");
    expect(erased).toMatchObject({ session_id: session.publicId, session_label: "Firefox 133 on Linux", target_kind: "lead", target_id: String(first.leadId) });
    // `emails` counts what went with the lead itself: the acknowledgement went with the submission it answered.
    expect(JSON.parse(erased!.detail)).toEqual({ submissions: 4, emails: 1, events: 3 });
    // Its detail is counts: the scan above already found the address in no audit row.

    const again = await endpoints.eraseLead(adminRequest(`/api/admin/leads/${first.leadId}`, session, { method: "DELETE" }), { id: String(first.leadId) });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Not found." });
  });

  it("leaves nothing of the person on disk: no table (the search index's own tables included) holds their words, nor the database file or its WAL while the app runs", async () => {
    const engineIs = async (engine: string) => engineOf(await getDb()) === engine;
    const session = await signIn();
    const words = ["Quenby", "Xylander", "8645550779", "divorce", "private", "health", "Zorbitt"];
    const response = await postContact(
      jsonRequest("/api/contact", { ...validContact, name: "Quenby Xylander", email: "quenby@gone.example", phone: "(864) 555-0779", message: "A divorce and a private health matter, please." }),
    );
    expect(response.status).toBe(201);
    const leadId = Number((await (await getDb()).selectFrom("leads").select("id").where("email_key", "=", "quenby@gone.example").executeTakeFirstOrThrow()).id);
    await addNote(session, leadId, "Zorbitt asked to keep this quiet");
    await send("contact", "kept@kept.example", nextPhone(), "Keep this one: Wendeline bought a router.");
    for (const word of words) expect((await storedBytesContaining(word.toLowerCase())).length + (await storedBytesContaining(word)).length, word).toBeGreaterThan(0);

    const erased = await endpoints.eraseLead(adminRequest(`/api/admin/leads/${leadId}`, session, { method: "DELETE" }), { id: String(leadId) });
    expect(erased.status).toBe(204);

    for (const word of words) {
      expect(await storedBytesContaining(word), word).toEqual([]);
      expect(await storedBytesContaining(word.toLowerCase()), word).toEqual([]);
    }
    // The scan reads what is there: the kept lead's words are.
    expect(await storedBytesContaining("wendeline")).toContain((await engineIs("sqlite")) ? "lead_search_data.block" : "lead_search.body");
    const db = await getDb();
    if (await engineIs("sqlite")) {
      // The files as they are while the app still holds the database open.
      const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]!.file;
      const bytes = Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
      expect(bytes.includes(Buffer.from("wendeline"))).toBe(true);
      for (const word of words) {
        expect(bytes.includes(Buffer.from(word)), word).toBe(false);
        expect(bytes.includes(Buffer.from(word.toLowerCase())), word).toBe(false);
      }
      expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
    } else {
      // The erased tables were vacuumed after the erasure committed.
      const vacuumed = await sql<{ relname: string }>`select relname from pg_stat_user_tables where last_vacuum is not null and relname in ('leads', 'contact_requests', 'lead_events', 'lead_search', 'mail_outbox')`.execute(db);
      expect(vacuumed.rows.map((row) => row.relname).sort()).toEqual(["contact_requests", "lead_events", "lead_search", "leads", "mail_outbox"]);
    }
  });

  it("answers a malformed id with 400, no session with 401, another site with 403, and names DELETE in Allow", async () => {
    const session = await signIn();
    const { leadId } = await send("contact", "stays@kept.example", nextPhone());
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const response = await endpoints.eraseLead(adminRequest(`/api/admin/leads/${id}`, session, { method: "DELETE" }), { id });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Malformed id." });
    }
    expect((await endpoints.eraseLead(adminRequest(`/api/admin/leads/${leadId}`, undefined, { method: "DELETE" }), { id: String(leadId) })).status).toBe(401);
    const crossSite = await endpoints.eraseLead(adminRequest(`/api/admin/leads/${leadId}`, session, { method: "DELETE", headers: { origin: "https://evil.example" } }), { id: String(leadId) });
    expect(crossSite.status).toBe(403);
    expect(await count("leads", leadId)).toBe(1);
    const put = await endpoints.otherLeadMethods(adminRequest(`/api/admin/leads/${leadId}`, session, { method: "PUT" }), { id: String(leadId) });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE");
    expect(await auditRows()).toEqual([]);
  });
});

describeEachEngine("exporting a person: GET /api/admin/leads/{id}/export", () => {
  it("downloads lead-<id>.json with the lead, every submission with all its fields and touch, the timeline and the e-mails about them", async () => {
    const session = await signIn();
    const email = "export.me@example.com";
    const phone = nextPhone();
    const contact = await send("contact", email, phone, "Please call about failover.");
    vi.setSystemTime(T0 + 60_000);
    const survey = await send("survey", email, phone, "Two locations, one closet.");
    await send("contact", "someone.else@example.com", nextPhone());
    await addNote(session, contact.leadId, "Prefers mornings");
    await logCall(session, contact.leadId, { outcome: "voicemail", note: "Left a message" });

    const response = await endpoints.exportLead(adminRequest(`/api/admin/leads/${contact.leadId}/export`, session), { id: String(contact.leadId) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="lead-${contact.leadId}.json"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = (await response.json()) as {
      exportedAt: string;
      lead: Record<string, unknown>;
      submissions: Record<string, unknown>[];
      timeline: { type: string; text?: string; outcome?: string }[];
      emails: { kind: string; subject: string; to: string; status: string; createdAt: string }[];
    };
    expect(data.exportedAt).toBe(new Date(T0 + 60_000).toISOString());
    expect(data.lead).toMatchObject({ id: contact.leadId, name: `Name of ${email}`, email, phone, status: "contacted", source: "web", submissionCount: 2 });
    expect(data.submissions).toHaveLength(2);
    expect(data.submissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "contact", id: contact.submissionId, message: "Please call about failover.", projectType: validContact.projectType, touch: null }),
        expect.objectContaining({
          kind: "survey",
          id: survey.submissionId,
          address: validSurvey.address,
          employeeCount: validSurvey.employeeCount,
          interestedServices: validSurvey.interestedServices,
          additionalComments: "Two locations, one closet.",
          touch: null,
        }),
      ]),
    );
    expect(data.timeline.map((entry) => entry.type)).toEqual(expect.arrayContaining(["submission", "submission", "note", "call", "status"]));
    expect(data.timeline.find((entry) => entry.type === "note")?.text).toBe("Prefers mornings");
    // Its two notifications (the second held past the hourly allowance); not the other person's.
    expect(data.emails.map((mail) => `${mail.kind}:${mail.status}:${mail.to}`)).toEqual(["contact:pending:owner@example.com", "survey:held:owner@example.com"]);
    expect(data.emails[0]!.subject).toContain(email);
    expect(JSON.stringify(data)).not.toContain("someone.else@example.com");

    const audit = await auditRows();
    expect(audit.at(-1)).toMatchObject({ action: "lead.exported", target_kind: "lead", target_id: String(contact.leadId), session_id: session.publicId, detail: "{}" });
  });

  it("answers 404 for an unknown lead, 400 for a malformed id, 401 without a session", async () => {
    const session = await signIn();
    const unknown = await endpoints.exportLead(adminRequest("/api/admin/leads/4242/export", session), { id: "4242" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found." });
    const malformed = await endpoints.exportLead(adminRequest("/api/admin/leads/x/export", session), { id: "x" });
    expect(malformed.status).toBe(400);
    expect((await endpoints.exportLead(adminRequest("/api/admin/leads/1/export", undefined), { id: "1" })).status).toBe(401);
    expect(await auditRows()).toEqual([]);
  });
});

describeEachEngine("retention: LEAD_RETENTION_MONTHS", (suite) => {
  const OLD = Date.UTC(2024, 9, 1, 12, 0, 0);
  const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
  const YOUNG = Date.UTC(2025, 0, 15, 12, 0, 0);

  /** A lead of `status` last active at `at`. */
  async function leadAt(at: number, email: string, status: string | null, kind: "contact" | "survey" = "contact", session?: Session): Promise<number> {
    vi.setSystemTime(at);
    const { leadId } = await send(kind, email, nextPhone(), `Message of ${email}`);
    if (status && session) await patchLead(session, leadId, status === "lost" ? { status, lostReason: "price" } : { status });
    return leadId;
  }

  it("erases Lost, Spam and open leads inactive for the period, keeps younger ones and those with recent notes, and reduces Won ones to their invoice data", async () => {
    const session = await signIn();
    const lost = await leadAt(OLD, "lost@old.example", "lost", "contact", session);
    const spam = await leadAt(OLD, "spam@old.example", "spam", "contact", session);
    const open = await leadAt(OLD, "new@old.example", null);
    const quoted = await leadAt(OLD, "quoted@old.example", "quoted", "contact", session);
    const won = await leadAt(OLD, "won@old.example", null, "survey");
    vi.setSystemTime(OLD + DAY_MS);
    await send("contact", "won@old.example", nextPhone(), "Contact message of the customer.");
    await patchLead(session, won, { status: "won" });
    await addNote(session, won, "Installed the router in the closet");
    const youngLost = await leadAt(YOUNG, "lost@young.example", "lost", "contact", session);
    // Last submitted long ago, but a note last month: still in contact.
    const noted = await leadAt(OLD, "lost@noted.example", "lost", "contact", session);
    vi.setSystemTime(NOW - 30 * DAY_MS);
    await addNote(session, noted, "Still thinking about it");
    vi.setSystemTime(NOW);

    const result = await applyLeadRetention(NOW);
    expect(result).toEqual({ erased: 4, reduced: 1 });
    for (const [id, email] of [[lost, "lost@old.example"], [spam, "spam@old.example"], [open, "new@old.example"], [quoted, "quoted@old.example"]] as const) {
      expect(await count("leads", id)).toBe(0);
      expect(await columnsContaining(email)).toEqual([]);
    }
    expect(await count("leads", youngLost)).toBe(1);
    expect(await count("leads", noted)).toBe(1);
    expect(await count("contact_requests", noted)).toBe(1);

    const db = await getDb();
    const customer = await db.selectFrom("leads").selectAll().where("id", "=", won).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ status: "won", email: "won@old.example", name: "Business of won@old.example", business: "Business of won@old.example", address: validSurvey.address });
    expect(Number(customer.won_at)).toBe(OLD + DAY_MS);
    expect(Number(customer.redacted_at)).toBe(NOW);
    expect(customer.phone).not.toBeNull();
    for (const table of ["contact_requests", "survey_submissions", "lead_events", "mail_outbox"] as const) expect(await count(table, won)).toBe(0);
    for (const words of ["Message of won@old.example", "Contact message of the customer", "Installed the router"]) expect(await columnsContaining(words)).toEqual([]);

    const [entry] = (await auditRows()).filter((row) => row.action === "retention.applied");
    expect(entry).toMatchObject({ session_id: null, session_label: null });
    expect(JSON.parse(entry!.detail)).toEqual({ erased: 4, reduced: 1, months: 24 });

    // Idempotent: nothing left to do, nothing recorded.
    expect(await applyLeadRetention(NOW)).toEqual({ erased: 0, reduced: 0 });
    expect((await auditRows()).filter((row) => row.action === "retention.applied")).toHaveLength(1);
    // The young lead goes once its own period has passed.
    expect(await applyLeadRetention(Date.UTC(2027, 0, 16))).toEqual({ erased: 1, reduced: 0 });
    expect(await count("leads", youngLost)).toBe(0);
  });

  it("follows LEAD_RETENTION_MONTHS through the pruning job, and prunes audit entries as old", async () => {
    process.env.LEAD_RETENTION_MONTHS = "6";
    const session = await signIn();
    const lost = await leadAt(Date.UTC(2026, 3, 1), "lost@six.example", "lost", "contact", session);
    await runPruneOnce(Date.UTC(2026, 9, 1) - 1);
    expect(await count("leads", lost)).toBe(1);
    await runPruneOnce(Date.UTC(2026, 9, 1) + 1);
    expect(await count("leads", lost)).toBe(0);
    // The same run pruned the audit entry of the status change, older than six months too.
    expect((await auditRows()).map((row) => row.action)).toEqual(["retention.applied"]);
    await runPruneOnce(Date.UTC(2026, 9, 1) + 1 + 6 * 31 * DAY_MS);
    expect(await auditRows()).toEqual([]);
  });

  it("two app processes running it at once erase or reduce each lead once, in batches past one query's size", async () => {
    const db = await getDb();
    const total = RETENTION_BATCH + 20;
    // Old leads without submissions, inserted directly: the retention reads the leads' times and status.
    const rows = Array.from({ length: total }, (_, index) => ({
      name: `Old ${index}`,
      email: `old${index}@batch.example`,
      email_key: `old${index}@batch.example`,
      status: index % 2 === 0 ? ("lost" as const) : ("won" as const),
      first_submitted_at: OLD,
      last_submitted_at: OLD,
      created_at: OLD,
      updated_at: OLD,
    }));
    await db.insertInto("leads").values(rows).execute();
    const config = suite.config;
    const dbEnv = config.engine === "sqlite" ? { DATABASE_PATH: config.path, DATABASE_URL: "" } : { DATABASE_URL: config.url };
    const instances = [0, 1].map(() => startProcess(RETENTION_SCRIPT, [String(NOW)], { ...process.env, ...dbEnv }));
    try {
      for (const instance of instances) expect(await instance.nextLine()).toBe("ready");
      for (const instance of instances) instance.child.stdin.write("go\n");
      const [one, two] = await Promise.all(instances.map(async (instance) => JSON.parse(await instance.nextLine()) as { erased: number; reduced: number }));
      expect(one!.erased + two!.erased).toBe(total / 2);
      expect(one!.reduced + two!.reduced).toBe(total / 2);
    } finally {
      for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill();
    }
    const left = await db.selectFrom("leads").select(["status", "redacted_at"]).execute();
    expect(left).toHaveLength(total / 2);
    expect(left.every((lead) => lead.status === "won" && Number(lead.redacted_at) === NOW)).toBe(true);
  }, 60_000);
});

describeEachEngine("the audit log", () => {
  it("records each of the owner's lead actions with the session that made them and no person's data, and the account page's API pages through them", async () => {
    const here = await signIn();
    const other = await signIn("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Safari/537.36");
    const email = "audited@example.com";
    const { leadId, submissionId } = await send("contact", email, nextPhone(), "Secret message text");
    const survey = await send("survey", "audited.survey@example.com", nextPhone());

    await patchLead(here, leadId, { status: "lost", lostReason: "other", lostNote: "Went with a cousin" });
    const noteId = await addNote(here, leadId, "Private words about the person");
    const edit = await endpoints.patchNote(adminRequest(`/api/admin/leads/${leadId}/notes/${noteId}`, here, { method: "PATCH", body: { text: "Edited private words" } }), {
      id: String(leadId),
      noteId: String(noteId),
    });
    expect(edit.status).toBe(200);
    const removed = await endpoints.deleteNote(adminRequest(`/api/admin/leads/${leadId}/notes/${noteId}`, here, { method: "DELETE" }), { id: String(leadId), noteId: String(noteId) });
    expect(removed.status).toBe(204);
    await logCall(other, leadId, { outcome: "reached", note: "Talked about prices", nextFollowUpAt: new Date(T0 + 3 * DAY_MS).toISOString() });
    await patchLead(other, leadId, { nextFollowUpAt: null });
    expect((await endpoints.deleteSurvey(adminRequest(`/api/admin/surveys/${survey.submissionId}`, here, { method: "DELETE" }), { id: String(survey.submissionId) })).status).toBe(200);
    expect((await endpoints.deleteContact(adminRequest(`/api/admin/contacts/${submissionId}`, here, { method: "DELETE" }), { id: String(submissionId) })).status).toBe(200);

    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.session_id === here.publicId ? "here" : row.session_id === other.publicId ? "other" : row.session_id, row.target_kind, row.target_id, JSON.parse(row.detail)])).toEqual([
      ["lead.status", "here", "lead", String(leadId), { from: "new", to: "lost", lostReason: "other" }],
      ["lead.note_added", "here", "lead", String(leadId), { noteId }],
      ["lead.note_edited", "here", "lead", String(leadId), { noteId }],
      ["lead.note_deleted", "here", "lead", String(leadId), { noteId }],
      ["lead.call", "other", "lead", String(leadId), { outcome: "reached" }],
      ["lead.follow_up_set", "other", "lead", String(leadId), {}],
      ["lead.follow_up_cleared", "other", "lead", String(leadId), {}],
      ["survey.deleted", "here", "survey", String(survey.submissionId), {}],
      ["contact.deleted", "here", "contact", String(submissionId), {}],
    ]);
    expect(rows.find((row) => row.session_id === other.publicId)?.session_label).toBe("Chrome 131 on Windows 10");
    const text = JSON.stringify(rows);
    for (const secret of [email, "Secret message", "cousin", "Private words", "Edited private", "prices"]) expect(text).not.toContain(secret);

    const page = await auditPage(here);
    expect(page.status).toBe(200);
    const body = (await page.json()) as AuditPage;
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 9 });
    expect(body.entries[0]).toMatchObject({ action: "contact.deleted", targetKind: "contact", targetId: String(submissionId), session: { label: "Firefox 133 on Linux", current: true } });
    expect(body.entries.find((entry) => entry.action === "lead.call")?.session).toEqual({ label: "Chrome 131 on Windows 10", current: false });
    const second = (await (await auditPage(here, "2")).json()) as AuditPage;
    expect(second.entries).toEqual([]);
    for (const bad of ["0", "x", "-1", "1.5"]) {
      const refused = await auditPage(here, bad);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "Some fields are invalid.", fields: { page: expect.any(String) } });
    }
    expect((await auditPage(undefined as unknown as Session)).status).toBe(401);
  });

  it("pages 20 entries at a time, newest first", async () => {
    const session = await signIn();
    const { leadId } = await send("contact", "many@example.com", nextPhone());
    for (let index = 0; index < 25; index += 1) {
      vi.setSystemTime(T0 + index * 1000);
      await addNote(session, leadId, `note ${index}`);
    }
    const first = (await (await auditPage(session, "1")).json()) as AuditPage;
    const second = (await (await auditPage(session, "2")).json()) as AuditPage;
    expect(first.total).toBe(25);
    expect(first.entries).toHaveLength(20);
    expect(second.entries).toHaveLength(5);
    expect(first.entries[0]!.at).toBe(new Date(T0 + 24_000).toISOString());
    expect(second.entries.at(-1)!.at).toBe(new Date(T0).toISOString());
  });

  it("records sign-in, password change, two-step on and off, ending sessions and sign-out, each with its session", async () => {
    const login = async (userAgent: string) => {
      const response = await endpoints.login(jsonRequest("/api/admin/login", { username: "admin", password: PASSWORD }, { headers: { "user-agent": userAgent } }));
      expect(response.status).toBe(200);
      const pair = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0]!;
      return pair;
    };
    const cookie = await login(FIREFOX_ON_LINUX);
    const otherCookie = await login("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15");
    const db = await getDb();
    const sessions = await db.selectFrom("admin_sessions").select(["public_id", "user_agent"]).execute();
    const mine = sessions.find((session) => session.user_agent === FIREFOX_ON_LINUX)!.public_id;
    const theirs = sessions.find((session) => session.user_agent !== FIREFOX_ON_LINUX)!.public_id;
    const here: Session = { cookie, publicId: mine };

    const setup = await endpoints.twoFactorSetup(adminRequest("/api/admin/account/two-factor/setup", here, { method: "POST" }));
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await endpoints.twoFactorEnable(
      adminRequest("/api/admin/account/two-factor/enable", here, { method: "POST", body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }), password: PASSWORD } }),
    );
    expect(enable.status).toBe(200);
    vi.setSystemTime(T0 + 60_000);
    const disable = await endpoints.twoFactorDisable(
      adminRequest("/api/admin/account/two-factor/disable", here, { method: "POST", body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }), password: PASSWORD } }),
    );
    expect(disable.status, await disable.clone().text()).toBe(200);
    const NEW_PASSWORD = "a brand new passphrase 2030";
    const changed = await endpoints.password(adminRequest("/api/admin/account/password", here, { method: "POST", body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await endpoints.sessions(adminRequest("/api/admin/account/sessions", here, { method: "DELETE" }))).status).toBe(200);
    // A session that is gone already answers 404 and records nothing.
    expect((await endpoints.session(adminRequest(`/api/admin/account/sessions/${theirs}`, here, { method: "DELETE" }), { id: theirs })).status).toBe(404);
    expect((await endpoints.logout(adminRequest("/api/admin/logout", here, { method: "POST" }))).status).toBe(200);
    expect(otherCookie).not.toBe(cookie);

    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.session_id === mine ? "mine" : row.session_id === theirs ? "theirs" : row.session_id, JSON.parse(row.detail)])).toEqual([
      ["account.signed_in", "mine", {}],
      ["account.signed_in", "theirs", {}],
      ["account.two_factor_on", "mine", { endedSessions: 1 }],
      ["account.two_factor_off", "mine", {}],
      ["account.password_changed", "mine", { endedSessions: 0 }],
      ["account.sessions_ended", "mine", { endedSessions: 0 }],
      ["account.signed_out", "mine", {}],
    ]);
    expect(rows[0]!.session_label).toBe("Firefox 133 on Linux");
  });

  it("records ending one session, with the ended session as its target", async () => {
    const here = await signIn();
    const other = await signIn("curl/8.0");
    const response = await endpoints.session(adminRequest(`/api/admin/account/sessions/${other.publicId}`, here, { method: "DELETE" }), { id: other.publicId });
    expect(response.status).toBe(200);
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: "account.session_ended", session_id: here.publicId, target_kind: "session", target_id: other.publicId, detail: '{"current":false}' });
  });
});
