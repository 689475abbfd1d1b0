import { readFileSync } from "node:fs";
import { storedSubmissionId } from "../support/stored-submission";
import type { APIContext } from "astro";
import { sql } from "kysely";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import * as adminContactEndpoint from "@/pages/api/admin/contacts/[id]";
import * as adminSurveyEndpoint from "@/pages/api/admin/surveys/[id]";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import { SESSION_COOKIE, startAdminSession } from "@/server/auth/admin-session";
import { getDb } from "@/server/db/connection";
import { listOutbox } from "@/server/mail/mail-outbox";
import { LEAD_EMAIL_WINDOW_MS } from "@/server/leads/receive-lead";
import { drainOutbox, retryDelayMs, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { runPruneOnce } from "@/server/pruning/prune-job";
import { replyToLead } from "@/server/desk/lead-replies";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { freePort } from "../support/production-server";
import { mergeLeads } from "@/server/leads/merge-leads";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { columnsContaining } from "../support/database-scan";
import { describeEachEngine } from "../support/test-database";

/*
 * A deleted lead is gone: deleting a contact request or a survey in the back office
 * removes every copy of it from the database (its notification e-mails in every state,
 * its line in a digest), and sent e-mails are kept only OUTBOX_RETENTION_DAYS.
 */

const PER_HOUR = 1;
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

const postContact = async (request: Request) => contactEndpoint.POST({ request } as unknown as APIContext);
const postSurvey = async (request: Request) => surveyEndpoint.POST({ request } as unknown as APIContext);
const deleteEndpoints = { contact: callEndpoint(adminContactEndpoint.DELETE), survey: callEndpoint(adminSurveyEndpoint.DELETE) };

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
  delete process.env.OUTBOX_RETENTION_DAYS;
});

afterAll(() => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "RATE_LIMIT_MULTIPLIER", "LEAD_ACKNOWLEDGEMENT", "LEAD_EMAILS_PER_HOUR"]) delete process.env[name];
});

type Kind = "contact" | "survey";

/** A lead sent through the public API with its own e-mail address. */
let phoneSequence = 0;

/** A lead of its own (its own e-mail and phone); a shared `phone` makes it a possible duplicate, never a join. */
async function sendLead(kind: Kind, email: string, phone = `(864) 555-${String(1000 + ++phoneSequence)}`): Promise<number> {
  const response =
    kind === "contact"
      ? await postContact(jsonRequest("/api/contact", { ...validContact, name: `Name of ${email}`, email, phone }))
      : await postSurvey(jsonRequest("/api/survey", { ...validSurvey, businessName: `Business of ${email}`, email, phoneNumber: phone }));
  expect(response.status).toBe(201);
  return storedSubmissionId(kind, email);
}

/** Deletes a lead the way the back office does: DELETE /api/admin/{contacts,surveys}/{id} with a session. */
async function deleteInBackOffice(kind: Kind, id: number): Promise<void> {
  const { token } = await startAdminSession();
  const inbox = kind === "contact" ? "contacts" : "surveys";
  const request = new Request(`http://127.0.0.1:3000/api/admin/${inbox}/${id}`, {
    method: "DELETE",
    headers: { "x-forwarded-for": "203.0.113.50", cookie: `${SESSION_COOKIE}=${token}` },
  });
  const response = await deleteEndpoints[kind](request, { id: String(id) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id, deleted: true });
}

/** Where `sendLead` stores a lead's e-mail address (in its name too): its submission (with the key it is matched on) and its lead. */
const LEAD_COLUMNS = {
  contact: ["contact_requests.email", "contact_requests.email_key", "contact_requests.name", "leads.email", "leads.email_key", "leads.name"],
  survey: ["leads.business", "leads.email", "leads.email_key", "leads.name", "survey_submissions.business_name", "survey_submissions.email", "survey_submissions.email_key"],
};

const digests = (mails: ParsedMail[]) => mails.filter((mail) => mail.subject?.startsWith("Lead digest"));
const everything = (mail: ParsedMail) => `${mail.subject ?? ""}\n${mail.text ?? ""}\n${mail.html || ""}\n${JSON.stringify(mail.replyTo ?? null)}`;

describeEachEngine("deleting a lead in the back office", () => {
  for (const kind of ["contact", "survey"] as const) {
    it(`cancels a ${kind}'s queued notification and leaves its e-mail address in no row of any table`, async () => {
      // One phone: both join one lead, which takes its identity from the first, the one erased.
      const gone = await sendLead(kind, `queued.${kind}@gone.example`, "(864) 555-0199");
      await sendLead(kind, `queued.${kind}@kept.example`, "(864) 555-0199");
      // Stored with its notification: the search finds both.
      expect(await columnsContaining(`queued.${kind}@gone.example`)).toEqual(
        expect.arrayContaining([kind === "contact" ? "contact_requests.email" : "survey_submissions.email", "mail_outbox.payload"]),
      );

      await deleteInBackOffice(kind, gone);
      expect(await columnsContaining(`queued.${kind}@gone.example`)).toEqual([]);
      expect(await columnsContaining(`queued.${kind}@kept.example`)).not.toEqual([]);

      sink = await startSmtpSink(port);
      vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
      await drainOutbox();
      const sent = sink.messages.map(everything).join("\n");
      expect(sent).toContain(`queued.${kind}@kept.example`);
      expect(sent).not.toContain(`queued.${kind}@gone.example`);
    });
  }

  it("leaves the deleted address in no copy made for the lead it joined: its acknowledgement, the lead's webhook call and a reply sent to it", async () => {
    process.env.LEAD_ACKNOWLEDGEMENT = "on";
    process.env.LEAD_WEBHOOK_URL = `http://127.0.0.1:${port}/lead-webhook`;
    process.env.LEAD_WEBHOOK_SECRET = "lead-erasure-webhook-secret";
    // The webhook's copy holds the address only when the owner opted in: here it must, to be erased.
    process.env.LEAD_WEBHOOK_CONTACT_DETAILS = "on";
    try {
      // One phone, two addresses: two leads, each announced to the webhook (a phone alone never joins), which the
      // owner merges; the contact came last, so the merged lead's address is the one to be deleted.
      await sendLead("survey", "copies@kept.example", "(864) 555-0177");
      const gone = await sendLead("contact", "copies@gone.example", "(864) 555-0177");
      const leads = await (await getDb()).selectFrom("leads").select(["id", "email"]).orderBy("id").execute();
      expect(leads.map((row) => row.email)).toEqual(["copies@kept.example", "copies@gone.example"]);
      expect((await mergeLeads(leads[0]!.id, leads[1]!.id)).status).toBe("done");
      const [lead] = await (await getDb()).selectFrom("leads").select(["id", "email"]).execute();
      expect(lead).toEqual({ id: leads[0]!.id, email: "copies@gone.example" });
      expect((await replyToLead(lead!.id, { subject: "Your quote", body: "Hello, here it is.", mode: "send" })).status).toBe("done");
      const kinds = (await listOutbox()).map((item) => item.kind).sort();
      expect(kinds).toEqual(["acknowledgement", "acknowledgement", "contact", "reply", "survey", "webhook", "webhook"]);
      expect(await columnsContaining("copies@gone.example")).toContain("mail_outbox.payload");

      await deleteInBackOffice("contact", gone);
      expect(await columnsContaining("copies@gone.example")).toEqual([]);
      // The lead lives on with what remains: its webhook call now names the address it still has.
      const outbox = await listOutbox();
      expect(outbox.map((item) => item.kind).sort()).toEqual(["acknowledgement", "survey", "webhook", "webhook"]);
      const webhooks = await (await getDb()).selectFrom("mail_outbox").select("payload").where("kind", "=", "webhook").execute();
      for (const { payload } of webhooks) {
        expect(JSON.parse(payload)).toMatchObject({ event: "lead.created", lead: { id: lead!.id, email: "copies@kept.example", name: "Business of copies@kept.example" } });
      }
    } finally {
      for (const name of ["LEAD_WEBHOOK_URL", "LEAD_WEBHOOK_SECRET", "LEAD_WEBHOOK_CONTACT_DETAILS"]) delete process.env[name];
    }
  });

  it("forgets a notification already sent", async () => {
    sink = await startSmtpSink(port);
    const gone = await sendLead("survey", "sent@gone.example");
    await drainOutbox();
    expect(sink.messages).toHaveLength(1);
    expect((await listOutbox()).map((item) => item.status)).toEqual(["sent"]);

    await deleteInBackOffice("survey", gone);
    expect(await columnsContaining("sent@gone.example")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });

  it("takes a lead held for the digest out of it: the digest lists only the others", async () => {
    await sendLead("contact", "first@kept.example");
    const gone = await sendLead("contact", "held@gone.example");
    await sendLead("survey", "held@kept.example");
    expect((await listOutbox()).map((item) => item.status)).toEqual(["pending", "held", "held"]);

    await deleteInBackOffice("contact", gone);
    expect(await columnsContaining("held@gone.example")).toEqual([]);

    sink = await startSmtpSink(port);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    const [digest] = digests(sink.messages);
    expect(digest?.subject).toBe("Lead digest: 1 lead past the hourly e-mail limit");
    expect(everything(digest!)).toContain("held@kept.example");
    expect(sink.messages.map(everything).join("\n")).not.toContain("held@gone.example");
  });

  it("rewrites a digest not yet sent without the deleted lead, and sends the rest", async () => {
    sink = await startSmtpSink(port);
    await sendLead("contact", "first@kept.example");
    await drainOutbox();
    const gone = await sendLead("survey", "digested@gone.example");
    await sendLead("contact", "digested@kept.example");
    await sink.close();
    sink = undefined;
    // The hour ends while the mail server is down: the digest is gathered and waits to be retried.
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    const waiting = (await listOutbox()).find((item) => item.kind === "digest");
    expect(waiting?.status).toBe("pending");
    expect(waiting?.payload.text).toContain("digested@gone.example");

    await deleteInBackOffice("survey", gone);
    expect(await columnsContaining("digested@gone.example")).toEqual([]);
    const rewritten = (await listOutbox()).find((item) => item.kind === "digest");
    expect(rewritten?.id).toBe(waiting?.id);
    expect(rewritten?.payload.to).toBe("owner@example.com");
    expect(rewritten?.payload.subject).toBe("Lead digest: 1 lead past the hourly e-mail limit");
    expect(rewritten?.payload.html).toContain("digested@kept.example");

    sink = await startSmtpSink(port);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS + retryDelayMs(1));
    await drainOutbox();
    const [digest] = digests(sink.messages);
    expect(digest?.subject).toBe("Lead digest: 1 lead past the hourly e-mail limit");
    expect(everything(digest!)).toContain("digested@kept.example");
    expect(everything(digest!)).not.toContain("digested@gone.example");
  });

  it("cancels a digest not yet sent when its every lead is deleted", async () => {
    await sendLead("contact", "first@kept.example");
    const gone = await sendLead("contact", "only@gone.example");
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    // No mail server: the first notification and the digest both wait for a retry.
    await drainOutbox();
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:pending", "contact:digested", "digest:pending"]);

    await deleteInBackOffice("contact", gone);
    expect(await columnsContaining("only@gone.example")).toEqual([]);
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:pending"]);

    sink = await startSmtpSink(port);
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS + retryDelayMs(1));
    await drainOutbox();
    expect(sink.messages.map((mail) => mail.subject)).toEqual([expect.stringContaining("first@kept.example")]);
  });

  it("removes the lead from a digest already sent, keeping the others' lines", async () => {
    sink = await startSmtpSink(port);
    await sendLead("contact", "first@kept.example");
    const gone = await sendLead("contact", "sent.digest@gone.example");
    await sendLead("survey", "sent.digest@kept.example");
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    expect(digests(sink.messages)).toHaveLength(1);

    await deleteInBackOffice("contact", gone);
    expect(await columnsContaining("sent.digest@gone.example")).toEqual([]);
    const digest = (await listOutbox()).find((item) => item.kind === "digest");
    expect(digest?.status).toBe("sent");
    expect(digest?.payload.text).toContain("sent.digest@kept.example");
  });
});

describeEachEngine("sent e-mails past OUTBOX_RETENTION_DAYS", () => {
  it("are deleted by the pruning job with the lead details in them; e-mails still to send and the leads stay", async () => {
    sink = await startSmtpSink(port);
    await sendLead("contact", "first@kept.example");
    await drainOutbox();
    await sendLead("contact", "digested@kept.example");
    await sendLead("survey", "digested.survey@kept.example");
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:sent", "contact:sent", "survey:sent", "digest:sent"]);
    const digestSentAt = T0 + LEAD_EMAIL_WINDOW_MS;
    // A new hour: one more goes out on its own, and one waits for the next digest.
    await sendLead("contact", "next.hour@kept.example");
    await sendLead("contact", "waiting@kept.example");
    await drainOutbox();

    await runPruneOnce(T0 + 30 * DAY_MS - 1);
    expect(await listOutbox()).toHaveLength(6);

    await runPruneOnce(T0 + 30 * DAY_MS);
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:sent", "survey:sent", "digest:sent", "contact:sent", "contact:held"]);
    expect(await columnsContaining("first@kept.example")).toEqual(LEAD_COLUMNS.contact);

    await runPruneOnce(digestSentAt + 30 * DAY_MS);
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:held"]);
    for (const email of ["digested@kept.example", "digested.survey@kept.example", "next.hour@kept.example"]) {
      expect(await columnsContaining(email)).toEqual(email.includes("survey") ? LEAD_COLUMNS.survey : LEAD_COLUMNS.contact);
    }
  });

  it("follow OUTBOX_RETENTION_DAYS, and a failed digest goes with the notifications it carried", async () => {
    process.env.OUTBOX_RETENTION_DAYS = "2";
    await sendLead("contact", "first@kept.example");
    await sendLead("contact", "digested@kept.example");
    vi.setSystemTime(T0 + LEAD_EMAIL_WINDOW_MS);
    await drainOutbox();
    const db = await getDb();
    // Given up on after its last attempt (the worker's 25 attempts take about a day).
    await db.updateTable("mail_outbox").set({ status: "failed", next_attempt_at: T0 + DAY_MS }).where("status", "=", "pending").execute();
    expect((await listOutbox()).map((item) => `${item.kind}:${item.status}`)).toEqual(["contact:failed", "contact:digested", "digest:failed"]);

    await runPruneOnce(T0 + 3 * DAY_MS - 1);
    expect(await listOutbox()).toHaveLength(3);
    await runPruneOnce(T0 + 3 * DAY_MS);
    expect(await listOutbox()).toEqual([]);
    expect(await columnsContaining("digested@kept.example")).toEqual(LEAD_COLUMNS.contact);
  });
});

describeEachEngine("the database file after a delete", ({ engine }) => {
  it.runIf(engine === "sqlite")("holds no byte of the deleted lead once checkpointed (secure_delete)", async () => {
    const db = await getDb();
    const gone = await sendLead("contact", "in.the.file@gone.example");
    await sendLead("contact", "in.the.file@kept.example");
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]?.file ?? "";
    const checkpointedBytes = async () => {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      return readFileSync(file).toString("latin1");
    };
    expect(await checkpointedBytes()).toContain("in.the.file@gone.example");

    await deleteInBackOffice("contact", gone);
    const bytes = await checkpointedBytes();
    expect(bytes).toContain("in.the.file@kept.example");
    expect(bytes).not.toContain("in.the.file@gone.example");
    expect(readFileSync(`${file}-wal`).length).toBe(0);
  });
});
