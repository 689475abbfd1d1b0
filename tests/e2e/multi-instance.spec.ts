// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { buildMigrations } from "@/server/db/migrations";
import { validContact, validSurvey } from "../support/api-request";
import { createFreshPostgres, databaseUrlVia, type FreshPostgres } from "../support/fresh-postgres";
import { type RunningServer, startProductionServer } from "../support/production-server";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { type SwitchableTcpProxy, startSwitchableTcpProxy } from "../support/switchable-tcp-proxy";

/**
 * Scale-out: two production servers (`npm start`) on one PostgreSQL database, as
 * behind a load balancer. Each test sends its requests to both instances and checks
 * that they behave as one site: shared leads, sessions, rate limits and outbox.
 */

const ADMIN = { username: "admin", password: "multi-instance-password-123" };
const SESSION_COOKIE = "sr_admin_session";
const POOL_SIZE = 3;
const OUTBOX_POLL_MS = 250;
const LEADS_TO = "owner@saludaridge.example";
const run = randomBytes(3).toString("hex");

// One worker runs this file's groups one after the other: four servers booting at once
// on a small machine would test the machine, not the app.
test.describe.configure({ mode: "default" });
// Like the Vitest PostgreSQL suites: skipped only when asked to (README, SKIP_POSTGRES=1).
test.skip(process.env.SKIP_POSTGRES === "1", "SKIP_POSTGRES=1: the PostgreSQL runs are skipped on purpose");

type RequestOptions = { address?: string; cookie?: string };

async function send(server: RunningServer, method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": options.address ?? "192.0.2.1" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  return fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const post = (server: RunningServer, path: string, body: unknown, options?: RequestOptions) => send(server, "POST", path, body, options);
const get = (server: RunningServer, path: string, options?: RequestOptions) => send(server, "GET", path, undefined, options);

/** `sr_admin_session=…` from a login answer, ready for a Cookie header. */
function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  expect(cookie, "login answer sets the session cookie").toBeDefined();
  return (cookie ?? "").split(";")[0] ?? "";
}

/** The device cookie of the owner's browser, once it has signed in (`sr_admin_device=…`). */
let ownersDevice: string | undefined;

/**
 * Signs in and returns the session cookie. Without an address it is the owner's browser,
 * a known one after its first login (unknown browsers share a budget of password checks a
 * minute, which this file's logins would otherwise exceed); with one, a browser that
 * never signed in, from that address.
 */
async function logIn(server: RunningServer, credentials = ADMIN, address?: string): Promise<string> {
  const cookie = address === undefined ? ownersDevice : undefined;
  const response = await post(server, "/api/admin/login", credentials, { address, cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  const device = response.headers.getSetCookie().find((value) => value.startsWith("sr_admin_device="));
  if (address === undefined && device) ownersDevice = device.split(";")[0];
  return sessionCookieOf(response);
}

/** Distinct documentation-range addresses, so each test has rate-limit counters of its own. */
let nextAddress = 1;
function freshAddress(): string {
  const n = nextAddress++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Starts the instances at the same moment, so their first-start work (migrations) races. */
async function startTogether(envs: Record<string, string | undefined>[]): Promise<RunningServer[]> {
  const started = await Promise.allSettled(envs.map((env) => startProductionServer(env)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failure.reason;
  }
  return servers;
}

const baseEnv = {
  DATABASE_PATH: undefined,
  DATABASE_POOL_SIZE: String(POOL_SIZE),
  RATE_LIMIT_MULTIPLIER: "1",
  // Both instances sit behind one load balancer, which names the client in X-Forwarded-For.
  TRUST_PROXY_HOPS: "1",
  SMTP_URL: undefined,
  MAIL_FROM: undefined,
  LEADS_TO: undefined,
  ADMIN_USERNAME: undefined,
  ADMIN_PASSWORD: undefined,
  ADMIN_PASSWORD_HASH: undefined,
};

test.describe("two app instances on one PostgreSQL database", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });

  let database: FreshPostgres | undefined;
  let sink: SmtpSink | undefined;
  let proxies: SwitchableTcpProxy[] = [];
  let servers: RunningServer[] = [];
  const instance = (index: 0 | 1): RunningServer => {
    const server = servers[index];
    if (!server) throw new Error("the instances did not start");
    return server;
  };
  const a = () => instance(0);
  const b = () => instance(1);
  const alternate = (index: number) => (index % 2 === 0 ? a() : b());

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await createFreshPostgres("multi_instance");
    sink = await startSmtpSink();
    const server = new URL(database.url);
    // Each instance reaches PostgreSQL through its own proxy: the proxy counts the
    // connections that instance holds, and can cut it off from the database.
    proxies = await Promise.all([0, 1].map(() => startSwitchableTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })));
    const url = database.url;
    const smtpUrl = sink.url;
    servers = await startTogether(
      proxies.map((proxy) => ({
        ...baseEnv,
        DATABASE_URL: databaseUrlVia(url, proxy.port),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: smtpUrl,
        MAIL_FROM: "Saluda Ridge Website <website@saludaridge.example>",
        LEADS_TO,
        OUTBOX_POLL_MS: String(OUTBOX_POLL_MS),
        // Every lead here is checked for its own e-mail, none for the hourly digest.
        LEAD_EMAILS_PER_HOUR: "1000",
      })),
    );
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await sink?.close();
    await database?.drop();
  });

  test("instances started together migrate the new database once and both report healthy", async () => {
    for (const server of servers) {
      const response = await get(server, "/api/health");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: { engine: "postgres", ok: true } });
      // A first connection attempt may time out while a busy machine boots the server
      // (it is retried); a migration that failed, or ran twice, would say so here.
      expect(server.output()).not.toMatch(/Database migration .*failed/);
    }
    const applied = await database!.query<{ name: string }>("select name from kysely_migration order by name");
    // Every migration the code has, each once.
    expect(applied.map((row) => row.name)).toEqual(Object.keys(buildMigrations("postgres")).sort());
    expect(applied[0]?.name).toBe("0001_initial");
  });

  test("a survey posted to one instance is listed by the other, and a contact request the other way round", async () => {
    const survey = { ...validSurvey, businessName: `Blue Heron Dental ${run}`, additionalComments: "Posted to instance A." };
    const surveyAnswer = await post(a(), "/api/survey", survey, { address: freshAddress() });
    expect(surveyAnswer.status, await surveyAnswer.clone().text()).toBe(201);
    expect(await surveyAnswer.json()).toEqual({ received: true });

    const surveys = await get(b(), "/api/admin/surveys", { cookie: await logIn(b()) });
    expect(surveys.status).toBe(200);
    const listed = ((await surveys.json()) as Array<typeof survey & { id: number; viewed: boolean }>).filter((row) => row.businessName === survey.businessName);
    expect(listed).toEqual([expect.objectContaining({ ...survey, viewed: false })]);

    const contact = { ...validContact, name: `Dana Whitfield ${run}` };
    const contactAnswer = await post(b(), "/api/contact", contact, { address: freshAddress() });
    expect(contactAnswer.status).toBe(201);
    expect(await contactAnswer.json()).toEqual({ received: true });

    const contacts = await get(a(), "/api/admin/contacts", { cookie: await logIn(a()) });
    expect(contacts.status).toBe(200);
    const contactRows = ((await contacts.json()) as Array<{ id: number; name: string }>).filter((row) => row.name === contact.name);
    expect(contactRows).toEqual([expect.objectContaining(contact)]);
  });

  test("both instances see the same leads, statuses and notes", async () => {
    const email = `desk-${run}@example.com`;
    const answer = await post(a(), "/api/contact", { ...validContact, name: `Desk Lead ${run}`, email, phone: "803-555-0177" }, { address: freshAddress() });
    expect(answer.status).toBe(201);
    const [cookieA, cookieB] = [await logIn(a()), await logIn(b())];

    const found = await get(b(), `/api/admin/leads?q=${encodeURIComponent(email)}`, { cookie: cookieB });
    expect(found.status).toBe(200);
    const list = (await found.json()) as { total: number; items: { id: number; name: string; status: string }[] };
    expect(list.total).toBe(1);
    const lead = list.items[0]!;
    expect(lead).toMatchObject({ name: `Desk Lead ${run}`, status: "new" });

    expect((await send(b(), "PATCH", `/api/admin/leads/${lead.id}`, { status: "quoted", nextFollowUpAt: "2031-01-02T15:00:00Z" }, { cookie: cookieB })).status).toBe(200);
    expect((await post(b(), `/api/admin/leads/${lead.id}/notes`, { text: `Note from B ${run}` }, { cookie: cookieB })).status).toBe(201);
    // A survey from the same person, to the other instance, joins the same lead.
    expect((await post(b(), "/api/survey", { ...validSurvey, email }, { address: freshAddress() })).status).toBe(201);

    const onA = await get(a(), `/api/admin/leads/${lead.id}`, { cookie: cookieA });
    expect(onA.status).toBe(200);
    const detail = (await onA.json()) as { status: string; nextFollowUpAt: string; submissionCount: number; kinds: string[]; timeline: { type: string; text?: string }[] };
    expect(detail).toMatchObject({ status: "quoted", nextFollowUpAt: "2031-01-02T15:00:00.000Z", submissionCount: 2, kinds: ["contact", "survey"] });
    expect(detail.timeline.filter((entry) => entry.type === "note").map((entry) => entry.text)).toEqual([`Note from B ${run}`]);

    expect((await send(a(), "PATCH", `/api/admin/leads/${lead.id}`, { status: "spam" }, { cookie: cookieA })).status).toBe(200);
    const hidden = (await (await get(b(), `/api/admin/leads?q=${encodeURIComponent(email)}`, { cookie: cookieB })).json()) as { total: number };
    expect(hidden.total).toBe(0);
    const spam = (await (await get(b(), `/api/admin/leads?status=spam&q=${encodeURIComponent(email)}`, { cookie: cookieB })).json()) as { total: number };
    expect(spam.total).toBe(1);
  });

  test("a login on one instance is accepted by the other, and a logout on the other ends it everywhere", async () => {
    const cookie = await logIn(a());

    const onB = await get(b(), "/api/admin/check-auth", { cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toEqual({ authenticated: true, username: ADMIN.username });
    expect((await get(b(), "/api/admin/surveys", { cookie })).status).toBe(200);

    const logout = await post(b(), "/api/admin/logout", {}, { cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join("\n")).toContain(`${SESSION_COOKIE}=;`);

    for (const server of [a(), b()]) {
      expect((await get(server, "/api/admin/check-auth", { cookie })).status).toBe(401);
      expect((await get(server, "/api/admin/surveys", { cookie })).status).toBe(401);
    }
  });

  test("failed logins from one address are counted across both instances", async () => {
    const address = freshAddress();
    // A different wrong username each time, so only the per-address counter can trip.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(alternate(attempt), "/api/admin/login", { username: `guess-${attempt}`, password: "wrong" }, { address });
      expect(response.status, `attempt ${attempt + 1}`).toBe(401);
    }
    const sixth = await post(b(), "/api/admin/login", { username: "guess-5", password: "wrong" }, { address });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);

    // Blocked even with the right password, on either instance; other addresses are not.
    expect((await post(a(), "/api/admin/login", ADMIN, { address })).status).toBe(429);
    await logIn(a(), ADMIN, freshAddress());
  });

  test("failed logins for one username are counted across both instances", async () => {
    const username = `target-${run}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(alternate(attempt), "/api/admin/login", { username, password: "wrong" }, { address: freshAddress() });
      expect(response.status, `attempt ${attempt + 1}`).toBe(401);
    }
    const sixth = await post(b(), "/api/admin/login", { username, password: "wrong" }, { address: freshAddress() });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("submissions from one address are counted across both instances", async () => {
    const address = freshAddress();
    const name = `Rate Limited ${run}`;
    for (let index = 0; index < 10; index += 1) {
      // Each differs: an identical request within 10 minutes is folded into the first.
      const response = await post(alternate(index), "/api/contact", { ...validContact, name, message: `Rate limit request number ${index}.` }, { address });
      expect(response.status, `request ${index + 1}`).toBe(201);
    }
    for (const server of [a(), b()]) {
      const refused = await post(server, "/api/contact", { ...validContact, name }, { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // The limit is per form and per address.
    expect((await post(a(), "/api/survey", validSurvey, { address })).status).toBe(201);
    expect((await post(b(), "/api/contact", validContact, { address: freshAddress() })).status).toBe(201);

    const contacts = await get(a(), "/api/admin/contacts", { cookie: await logIn(a()) });
    const stored = ((await contacts.json()) as Array<{ name: string }>).filter((row) => row.name === name);
    expect(stored).toHaveLength(10);
  });

  test("each lead is e-mailed exactly once although both instances run the outbox worker", async () => {
    const tag = `mail-${run}`;
    const count = 30;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        post(alternate(index), "/api/contact", { ...validContact, name: `Lead ${tag}-${index}` }, { address: freshAddress() }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(count).fill(201));

    const markers = () => sink!.messages.flatMap((mail) => mail.subject?.match(new RegExp(`${tag}-(\\d+)`))?.[1] ?? []);
    await expect.poll(() => markers().length, { timeout: 20_000, message: "every lead reaches the mailbox" }).toBeGreaterThanOrEqual(count);
    // Give a late duplicate from either worker the chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, OUTBOX_POLL_MS * 6));

    expect(markers()).toHaveLength(count);
    expect(new Set(markers())).toEqual(new Set(Array.from({ length: count }, (_, index) => String(index))));
    const ours = sink!.messages.filter((mail) => mail.subject?.includes(tag));
    expect(ours.every((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === LEADS_TO)).toBe(true);
  });

  test("each instance keeps to DATABASE_POOL_SIZE connections under a burst", async () => {
    for (const proxy of proxies) proxy.resetPeak();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        post(alternate(index), "/api/contact", { ...validContact, name: `Burst ${run} ${index}` }, { address: freshAddress() }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(201));
    for (const proxy of proxies) {
      expect(proxy.peakConnections()).toBeGreaterThan(0);
      expect(proxy.peakConnections()).toBeLessThanOrEqual(POOL_SIZE);
    }
  });

  test("both instances answer 503 while the database is unreachable and recover without a restart", async () => {
    const pids = servers.map((server) => server.process.pid);
    const cookie = await logIn(a());
    await Promise.all(proxies.map((proxy) => proxy.cut()));
    try {
      for (const server of servers) {
        const refused = await post(server, "/api/contact", validContact, { address: freshAddress() });
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("5");
        expect((await get(server, "/api/health")).status).toBe(503);
        expect((await get(server, "/api/admin/check-auth", { cookie })).status).toBe(503);
      }
    } finally {
      await Promise.all(proxies.map((proxy) => proxy.restore()));
    }

    for (const server of servers) {
      await expect.poll(async () => (await get(server, "/api/health")).status, { timeout: 15_000 }).toBe(200);
      expect((await post(server, "/api/contact", validContact, { address: freshAddress() })).status).toBe(201);
      expect((await get(server, "/api/admin/check-auth", { cookie })).status).toBe(200);
    }
    expect(servers.map((server) => server.process.pid)).toEqual(pids);
    expect(servers.every((server) => server.process.exitCode === null)).toBe(true);
  });
});

test.describe("two instances without an admin password on a new PostgreSQL database", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });

  let database: FreshPostgres | undefined;
  let servers: RunningServer[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await createFreshPostgres("multi_instance_pw");
    const url = database.url;
    servers = await startTogether([0, 1].map(() => ({ ...baseEnv, DATABASE_URL: url })));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  test("each prints its own setup link; a link from one instance sets the password on the other, and then the other link is no longer needed", async () => {
    const links = () => servers.map((server) => /\[admin\] Choose it within 24 hours, once, at: \S+#([A-Za-z0-9_-]{43})/.exec(server.output())?.[1]);
    await expect.poll(() => links().filter(Boolean).length, { timeout: 20_000, message: "each instance prints a setup link" }).toBe(2);
    const [a, b] = servers as [RunningServer, RunningServer];
    const [tokenA, tokenB] = links() as [string, string];
    expect(tokenA).not.toBe(tokenB);
    for (const server of [a, b]) expect(server.output()).not.toMatch(/password: /);
    // Either link works on either instance until a password exists.
    for (const token of [tokenA, tokenB]) expect((await post(b, "/api/admin/setup/check", { token })).status).toBe(200);

    const password = `chosen on instance b ${run}`;
    const chosen = await post(b, "/api/admin/setup", { token: tokenA, newPassword: password, confirmPassword: password });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    for (const server of [a, b]) {
      const response = await post(server, "/api/admin/login", { username: "admin", password }, { address: freshAddress() });
      expect(response.status, server.output()).toBe(200);
      expect(await response.json()).toEqual({ authenticated: true, username: "admin" });
    }
    const reused = await post(a, "/api/admin/setup", { token: tokenA, newPassword: `${password}!`, confirmPassword: `${password}!` });
    expect(reused.status).toBe(410);
    expect(await reused.json()).toMatchObject({ state: "used" });
    const other = await post(a, "/api/admin/setup", { token: tokenB, newPassword: `${password}!`, confirmPassword: `${password}!` });
    expect(other.status).toBe(410);
    expect(await other.json()).toMatchObject({ state: "not-needed" });
    expect((await post(b, "/api/admin/login", { username: "admin", password: `${password}!` }, { address: freshAddress() })).status).toBe(401);
  });
});
