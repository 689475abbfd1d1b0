import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { type ContactRequestInput, contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { type SurveyInput, surveySchema } from "@/lib/validation/survey-schema";
import { getDb, isDatabaseUnavailable } from "@/server/db/connection";
import { listContactRequests } from "@/server/db/contact-requests";
import { type SubmissionWrite, recordSubmission } from "@/server/db/lead-submissions";
import { listOutbox, type OutboxMessage } from "@/server/db/mail-outbox";
import { peekRateLimit } from "@/server/db/rate-limits";
import { listSurveySubmissions } from "@/server/db/survey-submissions";
import { validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";

const MINUTE = 60_000;

const contact = (overrides: Partial<ContactRequestInput> = {}) => contactRequestSchema.parse({ ...validContact, ...overrides });
const survey = (overrides: Partial<SurveyInput> = {}) => surveySchema.parse({ ...validSurvey, ...overrides });

const mail = (subject: string): OutboxMessage => ({ to: "owner@example.com", from: "website@example.com", subject, text: subject, html: `<p>${subject}</p>` });

function contactWrite(key: string, limit: number, options: { name?: string; subject?: string } = {}): SubmissionWrite {
  return {
    rateLimit: { key, limit, windowMs: MINUTE },
    lead: { kind: "contact", data: contact({ name: options.name ?? "Dana Whitfield" }) },
    outbox: options.subject === undefined ? undefined : () => mail(options.subject!),
  };
}

/** Makes the outbox refuse the messages whose subject contains FAIL, and only those. */
async function failOutboxFor(engine: "sqlite" | "postgres"): Promise<() => Promise<void>> {
  const db = await getDb();
  if (engine === "sqlite") {
    await sql`create trigger outbox_fail before insert on mail_outbox when new.payload like '%FAIL%' begin select raise(abort, 'outbox unavailable'); end`.execute(db);
    return async () => void (await sql`drop trigger outbox_fail`.execute(db));
  }
  await sql`create function outbox_fail() returns trigger language plpgsql as $$ begin if new.payload like '%FAIL%' then raise exception 'outbox unavailable'; end if; return new; end $$`.execute(db);
  await sql`create trigger outbox_fail before insert on mail_outbox for each row execute function outbox_fail()`.execute(db);
  return async () => {
    await sql`drop trigger outbox_fail on mail_outbox`.execute(db);
    await sql`drop function outbox_fail()`.execute(db);
  };
}

describeEachEngine("lead submissions", (context) => {
  it("stores an allowed lead with its notification, pointing at the new row", async () => {
    const { allowance, stored } = await recordSubmission(contactWrite("submit:contact:a", 10, { subject: "New lead" }));

    expect(allowance).toEqual({ allowed: true, remaining: 9, retryAfterSeconds: 0 });
    const [row] = await listContactRequests();
    expect(row?.id).toBe(stored?.id);
    const [message] = await listOutbox();
    expect(message).toMatchObject({ kind: "contact", refId: stored?.id, status: "pending", payload: mail("New lead") });
  });

  it("stores surveys the same way", async () => {
    const { stored } = await recordSubmission({
      rateLimit: { key: "submit:survey:a", limit: 10, windowMs: MINUTE },
      lead: { kind: "survey", data: survey({ businessName: "Group Commit LLC" }) },
      outbox: () => mail("New survey"),
    });

    const [row] = await listSurveySubmissions();
    expect(row).toMatchObject({ id: stored?.id, businessName: "Group Commit LLC", interestedServices: validSurvey.interestedServices });
    expect((await listOutbox())[0]).toMatchObject({ kind: "survey", refId: stored?.id });
  });

  it("counts a submission without a lead (honeypot) and stores nothing", async () => {
    const { allowance, stored } = await recordSubmission({ rateLimit: { key: "submit:contact:bot", limit: 2, windowMs: MINUTE }, outbox: () => mail("never") });

    expect(allowance.remaining).toBe(1);
    expect(stored).toBeUndefined();
    expect(await listContactRequests()).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });

  it("lets exactly `limit` of 50 simultaneous submissions through and stores exactly those", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => recordSubmission(contactWrite("submit:contact:burst", 10, { name: `Lead ${index}`, subject: `Lead ${index}` }))));

    const stored = results.filter((result) => result.stored);
    expect(stored).toHaveLength(10);
    expect(results.filter((result) => result.allowance.allowed)).toHaveLength(10);
    expect(results.filter((result) => !result.allowance.allowed).every((result) => result.allowance.retryAfterSeconds > 0)).toBe(true);
    const rows = await listContactRequests();
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(stored.map((result) => result.stored!.id).sort((a, b) => a - b));
    const outbox = await listOutbox();
    expect(outbox.map((message) => message.refId ?? 0).sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    for (const message of outbox) expect(message.payload.subject).toBe(rows.find((row) => row.id === message.refId)?.name);
  });

  it("rolls back only the submission that fails, answers it with its error, and stores the others", async () => {
    const repair = await failOutboxFor(context.engine);
    try {
      const outcomes = await Promise.allSettled([
        recordSubmission(contactWrite("submit:contact:mixed", 10, { name: "First", subject: "First" })),
        recordSubmission(contactWrite("submit:contact:mixed", 10, { name: "Broken", subject: "FAIL" })),
        recordSubmission(contactWrite("submit:contact:mixed", 10, { name: "Third", subject: "Third" })),
      ]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/outbox unavailable/);
    } finally {
      await repair();
    }
    expect((await listContactRequests()).map((row) => row.name).sort()).toEqual(["First", "Third"]);
    expect((await listOutbox()).map((message) => message.payload.subject).sort()).toEqual(["First", "Third"]);
    // The failed submission's hit still counts, as it would have before the insert.
    expect((await peekRateLimit("submit:contact:mixed", 10, MINUTE)).remaining).toBe(7);
  });

  // Group commit exists only on SQLite (PostgreSQL commits submissions side by side on
  // its pool), so these two are registered for the SQLite pass only, not skipped.
  if (context.engine === "sqlite") {
    it("commits submissions that arrive together in one transaction on SQLite", async () => {
      await Promise.all(Array.from({ length: 20 }, (_, index) => recordSubmission(contactWrite(`submit:contact:${index}`, 10))));

      // One transaction, one clock reading: every row of the group has the same time.
      const rows = await listContactRequests();
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((row) => row.createdAt)).size).toBe(1);
    });

    it("acknowledges nothing of a group it cannot commit, and stores nothing of it", async () => {
      const { config } = context;
      if (config.engine !== "sqlite") throw new Error("registered for SQLite only");
      // Another process holding the write lock past the busy timeout (5 s).
      const other = new SQLite(config.path);
      other.exec("begin immediate");
      let outcomes: PromiseSettledResult<unknown>[];
      try {
        outcomes = await Promise.allSettled([1, 2, 3].map((index) => recordSubmission(contactWrite(`submit:contact:locked-${index}`, 10, { subject: "Locked" }))));
      } finally {
        other.exec("rollback");
        other.close();
      }
      expect(outcomes.every((outcome) => outcome.status === "rejected" && isDatabaseUnavailable(outcome.reason))).toBe(true);
      expect(await listContactRequests()).toEqual([]);
      expect(await listOutbox()).toEqual([]);
      expect((await peekRateLimit("submit:contact:locked-1", 10, MINUTE)).remaining).toBe(10);
    }, 20_000);
  }
});
