import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { type ContactRequestInput, contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { type SurveyInput, surveySchema } from "@/lib/validation/survey-schema";
import { getDb, isDatabaseUnavailable } from "@/server/db/connection";
import { storeSubmission } from "@/server/leads/lead-store";
import { listOutbox, type OutboxMessage } from "@/server/mail/mail-outbox";
import { peekRateLimit } from "@/server/rate-limits/rate-limits";
import { receiveLead } from "@/server/leads/receive-lead";
import { SUBMISSION_RATE_LIMIT, submissionRateLimits } from "@/server/leads/receive-lead";
import { validContact, validSurvey } from "../support/api-request";
import { breakOutboxInserts, describeEachEngine } from "../support/test-database";
import { listSubmissions } from "@/server/leads/stored-submissions";

const contact = (overrides: Partial<ContactRequestInput> = {}) => contactRequestSchema.parse({ ...validContact, ...overrides });
const survey = (overrides: Partial<SurveyInput> = {}) => surveySchema.parse({ ...validSurvey, ...overrides });

const mail = (subject: string): OutboxMessage => ({ to: "owner@example.com", from: "website@example.com", subject, text: subject, html: `<p>${subject}</p>` });

/** How many more submissions `address` may send of `kind` in its current window. */
async function remaining(kind: "contact" | "survey", address: string): Promise<number> {
  const { key, limit, windowMs } = submissionRateLimits(kind, address)[0]!;
  return (await peekRateLimit(key, limit, windowMs)).remaining;
}

beforeEach(() => {
  for (const name of ["SMTP_URL", "RATE_LIMIT_MULTIPLIER"]) delete process.env[name];
});

describeEachEngine("lead submissions", (context) => {
  it("stores a submission with its notification in the caller's transaction, pointing at the new row", async () => {
    const db = await getDb();
    const stored = await db.transaction().execute((trx) => storeSubmission(trx, { kind: "contact", data: contact() }, Date.now(), { message: mail("New lead") }));

    const [row] = await listSubmissions("contact");
    expect(row).toMatchObject({ id: stored.id, name: validContact.name, viewed: false });
    const [message] = await listOutbox();
    expect(message).toMatchObject({ kind: "contact", refId: stored.id, status: "pending", payload: mail("New lead") });
  });

  it("stores surveys the same way", async () => {
    const db = await getDb();
    const stored = await db.transaction().execute((trx) => storeSubmission(trx, { kind: "survey", data: survey({ businessName: "One Path LLC" }) }, Date.now(), { message: mail("New survey") }));

    const [row] = await listSubmissions("survey");
    expect(row).toMatchObject({ id: stored.id, businessName: "One Path LLC", interestedServices: validSurvey.interestedServices });
    expect((await listOutbox())[0]).toMatchObject({ kind: "survey", refId: stored.id });
  });

  it("keeps no lead whose notification could not be stored", async () => {
    const repair = await breakOutboxInserts(context.engine);
    const db = await getDb();
    try {
      await expect(
        db.transaction().execute((trx) => storeSubmission(trx, { kind: "contact", data: contact() }, Date.now(), { message: mail("Lost") })),
      ).rejects.toThrow(/outbox unavailable/);
    } finally {
      await repair();
    }
    expect(await listSubmissions("contact")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });

  it("lets exactly the limit of 50 simultaneous submissions from one client through and stores exactly those", async () => {
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, index) => receiveLead("contact", { ...validContact, name: `Lead ${index}` }, "198.51.100.7")));

    const stored = outcomes.flatMap((outcome) => (outcome.status === "stored" ? [outcome.id] : []));
    expect(stored).toHaveLength(SUBMISSION_RATE_LIMIT.limit);
    const refused = outcomes.filter((outcome) => outcome.status === "rate-limited");
    expect(refused).toHaveLength(50 - SUBMISSION_RATE_LIMIT.limit);
    expect(refused.every((outcome) => outcome.retryAfterSeconds > 0)).toBe(true);
    expect((await listSubmissions("contact")).map((row) => row.id).sort((a, b) => a - b)).toEqual(stored.sort((a, b) => a - b));
  });

  it("counts a filled honeypot against the limit, answers it like a stored lead and stores nothing", async () => {
    const outcome = await receiveLead("survey", { ...validSurvey, website: "https://spam.example" }, "198.51.100.8");

    expect(outcome).toEqual({ status: "spam" });
    expect(await remaining("survey", "198.51.100.8")).toBe(SUBMISSION_RATE_LIMIT.limit - 1);
    expect(await listSubmissions("survey")).toEqual([]);
    expect(await listOutbox()).toEqual([]);
  });

  it("answers invalid input with its issues without counting it", async () => {
    const outcome = await receiveLead("contact", { ...validContact, email: "nope" }, "198.51.100.9");

    expect(outcome.status).toBe("invalid");
    if (outcome.status === "invalid") expect(outcome.issues.issues.map((issue) => issue.path[0])).toEqual(["email"]);
    expect(await remaining("contact", "198.51.100.9")).toBe(SUBMISSION_RATE_LIMIT.limit);
  });

  // Only SQLite has one writer at a time, taken by the transaction's BEGIN; these two are
  // registered for the SQLite pass only, not skipped.
  if (context.engine === "sqlite") {
    it("takes the SQLite write lock when a transaction begins, so reading first cannot deadlock it", async () => {
      const { config } = context;
      if (config.engine !== "sqlite") throw new Error("registered for SQLite only");
      const db = await getDb();
      const other = new SQLite(config.path, { timeout: 0 });
      try {
        await db.transaction().execute(async (trx) => {
          // Nothing written yet: only an IMMEDIATE transaction holds the lock already.
          await sql`select count(*) from contact_requests`.execute(trx);
          expect(() => other.prepare("insert into settings (key, value) values ('probe', 'x')").run()).toThrow(/locked|busy/i);
        });
        other.prepare("insert into settings (key, value) values ('probe', 'x')").run();
      } finally {
        other.close();
      }
    });

    it("acknowledges nothing it cannot commit, and stores and counts nothing of it", async () => {
      const { config } = context;
      if (config.engine !== "sqlite") throw new Error("registered for SQLite only");
      // Another process holding the write lock past the busy timeout (5 s).
      const other = new SQLite(config.path);
      other.exec("begin immediate");
      let outcome: PromiseSettledResult<unknown>;
      try {
        [outcome] = await Promise.allSettled([receiveLead("contact", validContact, "198.51.100.10")]);
      } finally {
        other.exec("rollback");
        other.close();
      }
      expect(outcome.status === "rejected" && isDatabaseUnavailable(outcome.reason)).toBe(true);
      expect(await listSubmissions("contact")).toEqual([]);
      expect(await remaining("contact", "198.51.100.10")).toBe(SUBMISSION_RATE_LIMIT.limit);
    }, 20_000);
  }
});
