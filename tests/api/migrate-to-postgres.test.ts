import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { LIMITS } from "@/lib/validation/limits";
import { contactPresetValues, projectTypeValues } from "@/lib/validation/project-types";
import { surveySchema } from "@/lib/validation/survey-schema";
import { surveyServiceValues } from "@/lib/validation/survey-services";
import { startPendingLogin } from "@/server/auth/pending-login";
import { beginEnrolment, confirmEnrolment } from "@/server/auth/two-factor";
import { createReplyTemplate, listReplyTemplates, updateReplyTemplate } from "@/server/desk/reply-templates";
import { readTwoFactor } from "@/server/auth/admin-two-factor";
import { createAdminSession, deleteAdminSession, findAdminSession, touchAdminSession } from "@/server/auth/admin-sessions";
import { findAdminSetupToken, insertAdminSetupToken } from "@/server/auth/admin-setup-tokens";
import { closeDb, createDb, destroyDb, getDb } from "@/server/db/connection";
import { claimOutboxBatch, listOutbox, markOutboxFailed, markOutboxRetry, markOutboxSent } from "@/server/mail/mail-outbox";
import { reserveThrottledAttempt } from "@/server/auth/login-throttle";
import { isDeviceCookieNonceRetired, retireDeviceCookieNonce } from "@/server/auth/retired-device-cookies";
import { migrateToLatest } from "@/server/db/migrations";
import { consumeRateLimit, peekRateLimit } from "@/server/rate-limits/rate-limits";
import { getSetting, setSettingIfAbsent } from "@/server/settings/settings";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { recordAudit } from "@/server/audit/audit-log";
import { listPushDevices, savePushSubscription } from "@/server/push/push-subscriptions";
import { listLeads } from "@/server/desk/lead-list";
import {
  APP_TABLES,
  applyDatabaseEnv,
  createFreshDatabase,
  type FreshDatabase,
  postgresSkipped,
  restoreDatabaseEnv,
} from "../support/test-database";
import { runProjectScript } from "../support/project-script";
import { listSubmissions, markSubmissionViewed } from "@/server/leads/stored-submissions";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";

/** Runs the script as `npm run db:migrate-to-postgres` would, with no database settings inherited. */
const runScript = (args: string[]) => runProjectScript("migrate-to-postgres", args, { DATABASE_URL: undefined, DATABASE_PATH: undefined });

/** Text a database or driver could mangle: quotes, backslashes, SQL, markup, every script and plane. */
const UNUSUAL = [
  `Zoë O'Brien-Łukasiewicz "the boss"`,
  `'; drop table contact_requests; -- \\ C:\\Temp\\ $1 $$ %s %_ \`tick\``,
  "<script>alert('x')</script> &amp; &lt;",
  "日本語のテキスト · مرحبا بالعالم · שלום · Ελληνικά · 🚀👩🏽‍💻🏳️‍🌈 𝄞",
  "tabs\tand\r\nCRLF and\nLF and \u2028 line separator and e\u0301 combining and zero\u200bwidth",
].join("\n");

/** The one client address the filled leads come from: its two submission counters are rate-limit rows to copy. */
const VISITOR_ADDRESS = "203.0.113.10";

const SESSION_HASHES = ["a".repeat(64), "b".repeat(64), "c".repeat(64)];
const SETUP_TOKEN_HASH = "d".repeat(64);
const SETTING_KEYS = ["admin_password_hash", "notes ✓"];
const RATE_KEYS = ["submit:contact:203.0.113.9", "login-fail:user:zoë 👀", "login-fail:addr:2001:db8::1"];
const WINDOW = 15 * 60 * 1000;

/** Fills the current database through the app's own query functions. */
async function fillThroughTheApp(): Promise<void> {
  // One phone number, a new e-mail each time: six contacts and four surveys make seven leads (two are erased), each
  // shown beside the first with that number as a possible duplicate (issue 27), so lead_duplicates has rows to copy.
  for (let index = 0; index < 6; index += 1) {
    const data = contactRequestSchema.parse({
      name: `Visitor ${index} ${UNUSUAL.slice(0, 60)}`,
      email: `visitor.${index}+tag@example.com`,
      phone: "(864) 555-0142 ext. 7",
      projectType: projectTypeValues[index % projectTypeValues.length],
      message: index === 0 ? "x".repeat(LIMITS.messageMax) : UNUSUAL,
      source: index % 2 === 0 ? contactPresetValues[index % contactPresetValues.length] : undefined,
    });
    // Request 2 is deleted below, its notification with it; the other four keep theirs. Mail is configured for the five that queue one.
    if (index < 5) stubLeadMail();
    await submitLead("contact", data, { address: VISITOR_ADDRESS });
    vi.unstubAllEnvs();
  }
  const contacts = (await listSubmissions("contact")).map((row) => row.id).sort((a, b) => a - b);
  await markSubmissionViewed("contact", contacts[1]!);
  // A gap in the middle, and the newest one gone: its id must never be handed out again.
  await eraseSubmission({ kind: "contact", id: contacts[2]! });
  await eraseSubmission({ kind: "contact", id: contacts[5]! });

  const flags = [
    [true, false],
    [false, true],
    [true, true],
    [false, false],
  ] as const;
  for (const [index, [usesStreaming, hasPublicWifi]] of flags.entries()) {
    const data = surveySchema.parse({
      businessName: `Business ${index} ${UNUSUAL.slice(0, 80)}`,
      email: `office${index}@example.com`,
      phoneNumber: "864-555-0123",
      address: `${index} Main St, Travelers Rest, SC 29690 — “Suite” #${index}`,
      employeeCount: index === 0 ? LIMITS.employeeCountMax : 1,
      deviceCount: index === 1 ? LIMITS.deviceCountMax : 0,
      primaryInternetUse: UNUSUAL.slice(0, 200),
      usesStreaming,
      hasPublicWifi,
      phoneCount: index,
      interestedServices: surveyServiceValues.slice(0, index * 2),
      additionalComments: index === 3 ? "" : UNUSUAL,
    });
    if (index === 0) stubLeadMail();
    await submitLead("survey", data, { address: VISITOR_ADDRESS });
    vi.unstubAllEnvs();
  }
  const surveys = (await listSubmissions("survey")).map((row) => row.id).sort((a, b) => a - b);
  await markSubmissionViewed("survey", surveys[0]!);
  await eraseSubmission({ kind: "survey", id: surveys[3]! });

  // Outbox rows in every state: sent, waiting to retry, failed, leased, pending.
  const [sent, retried, failed, leased] = await claimOutboxBatch("worker-1", 4, 60_000);
  await markOutboxSent(sent!.id, "worker-1");
  await markOutboxRetry(retried!.id, "worker-1", `550 mailbox unavailable: ${UNUSUAL}`, Date.now() + 5_000);
  await markOutboxFailed(failed!.id, "worker-1", "gave up after 25 attempts");
  expect(leased).toBeDefined();

  const now = Date.now();
  for (const hash of SESSION_HASHES) await createAdminSession(hash, now, 12 * 60 * 60 * 1000);
  await touchAdminSession(SESSION_HASHES[1]!, now + 90_000);
  await deleteAdminSession(SESSION_HASHES[2]!);
  await insertAdminSetupToken(SETUP_TOKEN_HASH, now, 24 * 60 * 60 * 1000);
  await recordAudit(await getDb(), { sessionId: "s".repeat(22), userAgent: null }, { action: "lead.exported", target: { kind: "lead", id: 1 } }, now);

  await setSettingIfAbsent(SETTING_KEYS[0]!, "scrypt$32768$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5");
  await setSettingIfAbsent(SETTING_KEYS[1]!, UNUSUAL);

  for (const [index, key] of RATE_KEYS.entries()) {
    for (let hit = 0; hit <= index; hit += 1) await consumeRateLimit(key, 5, WINDOW, now);
  }

  // A login slowdown streak that is waiting, and one that is not.
  const schedule = { freeAttempts: 2, waitsMs: [60_000], streakResetMs: 24 * 60 * 60 * 1000 };
  for (let attempt = 0; attempt < 2; attempt += 1) await reserveThrottledAttempt("login:user:zoë 👀", schedule, now);
  await reserveThrottledAttempt("login:user:admin", schedule, now);
  // Two-step verification on, with its recovery codes, one of them used, and a login waiting for its code.
  const enrolment = await beginEnrolment("admin", now);
  const enabled = await confirmEnrolment(await generate({ secret: enrolment!.secret, epoch: Math.floor(now / 1000) }), now);
  expect(enabled.ok).toBe(true);
  const db = await getDb();
  await db.updateTable("admin_recovery_codes").set({ used_at: now }).where("code_hash", "=", (await db.selectFrom("admin_recovery_codes").select("code_hash").executeTakeFirstOrThrow()).code_hash).execute();
  await startPendingLogin(now);
  // A device cookie replaced by a newer one: it must stay retired on PostgreSQL.
  await retireDeviceCookieNonce("AAAAAAAAAAAAAAAAAAAAAA", now, now - 1000);
  // The owner's templates replace the ones the target's migration seeded: one edited, one added.
  const [seeded] = await listReplyTemplates();
  await updateReplyTemplate(seeded!.id, { body: `Hi {{name}}, ${UNUSUAL.slice(0, 80)}` }, now);
  await createReplyTemplate({ name: "Site visit", subject: "Visit for {{business}}", body: "We can visit on Tuesday." }, now);
  // A phone that gets a push for each new lead (added last: the leads above queued no push).
  await savePushSubscription({ endpoint: "https://fcm.googleapis.com/fcm/send/abc:def", p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA", label: "Chrome 131 on Android" }, now);
}

/** Everything the app can read back, through its query functions (and every raw rate-limit row). */
const LEAD_QUERY = { q: "", sort: "recent", page: 1, pageSize: 100 } as const;

async function readThroughTheApp() {
  const db = await getDb();
  const rateLimitRows = await db.selectFrom("rate_limits").selectAll().execute();
  const loginThrottleRows = await db.selectFrom("login_throttle").selectAll().orderBy("key").execute();
  return {
    contacts: await listSubmissions("contact"),
    surveys: await listSubmissions("survey"),
    leads: await listLeads({ ...LEAD_QUERY }),
    // The search words came along: the surveys' lead is found by a word of its e-mail.
    foundByEmail: (await listLeads({ ...LEAD_QUERY, q: "office1@example.com" })).items.map((lead) => lead.id),
    outbox: await listOutbox(),
    sessions: await Promise.all(SESSION_HASHES.map((hash) => findAdminSession(hash))),
    setupToken: await findAdminSetupToken(SETUP_TOKEN_HASH),
    settings: await Promise.all(SETTING_KEYS.map((key) => getSetting(key))),
    rateLimits: await Promise.all(RATE_KEYS.map((key) => peekRateLimit(key, 5, WINDOW))),
    rateLimitRows: rateLimitRows.sort((a, b) => (a.key < b.key ? -1 : 1)),
    loginThrottleRows,
    twoFactor: await readTwoFactor(),
    recoveryCodes: (await db.selectFrom("admin_recovery_codes").selectAll().orderBy("code_hash").execute()).map((row) => ({ ...row, created_at: Number(row.created_at), used_at: row.used_at === null ? null : Number(row.used_at) })),
    pendingLogins: (await db.selectFrom("admin_pending_logins").selectAll().execute()).map((row) => ({ ...row, created_at: Number(row.created_at), expires_at: Number(row.expires_at), attempts: Number(row.attempts) })),
    retiredDeviceCookie: await isDeviceCookieNonceRetired("AAAAAAAAAAAAAAAAAAAAAA"),
    replyTemplates: await listReplyTemplates(),
    pushDevices: await listPushDevices(),
  };
}

async function countRows(): Promise<Record<string, number>> {
  const db = await getDb();
  const counts: Record<string, number> = {};
  for (const table of APP_TABLES) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe.skipIf(postgresSkipped())("npm run db:migrate-to-postgres", () => {
  let sqlite: FreshDatabase;
  let postgres: FreshDatabase;
  let savedEnv: ReturnType<typeof applyDatabaseEnv>;
  let inSqlite: Awaited<ReturnType<typeof readThroughTheApp>>;
  let highest: { contact: number; survey: number; outbox: number };

  /** Points the app's shared connection at one of the two databases. */
  async function useDatabase(database: FreshDatabase): Promise<void> {
    await closeDb();
    applyDatabaseEnv(database.config);
    await getDb();
  }
  const sqlitePath = () => (sqlite.config.engine === "sqlite" ? sqlite.config.path : "");
  const postgresUrl = () => (postgres.config.engine === "postgres" ? postgres.config.url : "");

  beforeAll(async () => {
    await closeDb();
    sqlite = await createFreshDatabase("sqlite");
    postgres = await createFreshDatabase("postgres");
    savedEnv = applyDatabaseEnv(sqlite.config);
    await fillThroughTheApp();
    inSqlite = await readThroughTheApp();
    const db = await getDb();
    const issued = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db);
    const seq = (name: string) => issued.rows.find((row) => row.name === name)?.seq ?? 0;
    highest = { contact: seq("contact_requests"), survey: seq("survey_submissions"), outbox: seq("mail_outbox") };
    await closeDb();
  }, 60_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await closeDb();
    restoreDatabaseEnv(savedEnv);
    await sqlite?.drop();
    await postgres?.drop();
  });

  // The tests below continue one story: migrate, migrate again, force, keep working.
  it("copies every table with its ids, prints a verified summary, and PostgreSQL reads back exactly what SQLite held", async () => {
    const run = await runScript(["--from", sqlitePath(), "--to", postgresUrl()]);

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    for (const table of ["leads", "contact_requests", "survey_submissions", "lead_events", "bookings", "lead_duplicates", "lead_held_notifications", "mail_outbox", "admin_sessions", "settings", "rate_limits", "login_throttle", "admin_setup_tokens", "admin_two_factor", "admin_recovery_codes", "admin_pending_logins", "admin_retired_device_cookies", "reply_templates", "admin_audit_log", "push_subscriptions", "quotes", "quote_lines", "quote_acceptances", "quote_counters"]) {
      expect(run.stdout).toMatch(new RegExp(`^${table}\\s+(\\d+)\\s+\\1\\s+ok\\s+ok\\b`, "m"));
    }
    // Three of them are the rate-limit counters the submissions left: the visitor's contact and survey counters and the lead e-mails' counter.
    expect(run.stdout).toMatch(/Copied and verified 56 rows in 24 tables/);

    await useDatabase(postgres);
    expect(await readThroughTheApp()).toEqual(inSqlite);
    // The flags really are booleans in PostgreSQL, not 0/1 text.
    const flags = await sql<{ uses_streaming: unknown }>`select uses_streaming from survey_submissions`.execute(await getDb());
    expect(new Set(flags.rows.map((row) => typeof row.uses_streaming))).toEqual(new Set(["boolean"]));
  });

  it("refuses a target that already holds rows and leaves it untouched", async () => {
    const run = await runScript(["--from", sqlitePath(), "--to", postgresUrl()]);

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already holds rows: leads \(7\), contact_requests \(4\).*--force/);
    await useDatabase(postgres);
    expect(await readThroughTheApp()).toEqual(inSqlite);
  });

  it("with --force replaces the target's rows instead of adding to them", async () => {
    await useDatabase(postgres);
    await submitLead("contact", contactRequestSchema.parse({ name: "Added later", email: "later@example.com", phone: "8645550100", projectType: projectTypeValues[0], message: "Stored only in PostgreSQL." }));

    const run = await runScript(["--from", sqlitePath(), "--to", postgresUrl(), "--force"]);

    expect(run.code, run.stderr).toBe(0);
    await useDatabase(postgres);
    expect(await readThroughTheApp()).toEqual(inSqlite);
  });

  it("gives leads stored after the migration fresh ids, past every id SQLite ever issued", async () => {
    await useDatabase(postgres);
    stubLeadMail();
    const contact = await submitLead("contact", 
      contactRequestSchema.parse({ name: "After Move", email: "after@example.com", phone: "8645550100", projectType: projectTypeValues[0], message: "First lead on PostgreSQL." }),
    );
    vi.unstubAllEnvs();
    const survey = await submitLead("survey", surveySchema.parse({ businessName: "After Move LLC", email: "after@example.com", phoneNumber: "8645550100", address: "1 Main St", employeeCount: 2, deviceCount: 3, primaryInternetUse: "Email", phoneCount: 1 }));

    // The deleted newest rows had these ids; they are not handed out again.
    expect(contact.id).toBe(highest.contact + 1);
    expect(survey.id).toBe(highest.survey + 1);
    // The contact's e-mail is the first message its transaction queued (the pushes to the phone follow it).
    expect((await listOutbox()).find((item) => item.kind === "contact" && item.refId === contact.id)?.id).toBe(highest.outbox + 1);
    expect((await listSubmissions("contact"))[0]).toMatchObject({ id: contact.id, name: "After Move" });
  });

  it("refuses a SQLite file that does not exist, and does not create one", async () => {
    const missing = path.join(os.tmpdir(), `no-such-site-${process.pid}.db`);
    const run = await runScript(["--from", missing, "--to", postgresUrl()]);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`No SQLite database at ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });

  it("commits nothing and exits non-zero when the copy does not read back identical", async () => {
    const target = await createFreshDatabase("postgres");
    const db = createDb(target.config);
    try {
      // A target that silently alters what it stores, as a misconfigured server might.
      await migrateToLatest(db, "postgres");
      await sql`create function alter_setting() returns trigger language plpgsql as $$ begin new.value := new.value || ' (altered)'; return new; end $$`.execute(db);
      await sql`create trigger alter_setting before insert on settings for each row execute function alter_setting()`.execute(db);

      const run = await runScript(["--from", sqlitePath(), "--to", target.config.engine === "postgres" ? target.config.url : ""]);

      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^settings\s+2\s+2\s+ok\s+DIFFERENT/m);
      expect(run.stderr).toMatch(/does not match the source; nothing was committed/);
      const stored = await sql<{ n: number }>`select (select count(*) from contact_requests) + (select count(*) from settings) as n`.execute(db);
      expect(Number(stored.rows[0]?.n)).toBe(0);
    } finally {
      await destroyDb(db);
      await target.drop();
    }
  });

  it("leaves the SQLite database as it was", async () => {
    await useDatabase(sqlite);
    expect(await readThroughTheApp()).toEqual(inSqlite);
    expect(await countRows()).toEqual({
      mail_outbox: 5, bookings: 0, lead_duplicates: 5, contact_requests: 4, survey_submissions: 3, lead_held_notifications: 0, lead_events: 0, lead_search: 7, leads: 7, rate_limits: 6, login_throttle: 2, admin_sessions: 2, admin_setup_tokens: 1, settings: 2,
      admin_two_factor: 1, admin_recovery_codes: 10, admin_pending_logins: 1, admin_retired_device_cookies: 1, reply_templates: 4,
      admin_audit_log: 1, push_subscriptions: 1, quotes: 0, quote_lines: 0, quote_acceptances: 0, quote_counters: 0,
    });
  });
});
