import webPush from "web-push";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { site } from "@/content/site";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import * as keyEndpoint from "@/pages/api/admin/push/key";
import * as subscriptionsEndpoint from "@/pages/api/admin/push/subscriptions";
import * as subscriptionEndpoint from "@/pages/api/admin/push/subscriptions/[id]";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import { getDb } from "@/server/db/connection";
import { listOutbox } from "@/server/mail/mail-outbox";
import { drainOutbox, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { VAPID_KEYS_SETTING } from "@/server/push/vapid-keys";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { StandInPushService } from "../support/stand-in-push-service";
import { describeEachEngine } from "../support/test-database";

/*
 * Push for every new lead (docs/push.md): the owner's devices are subscribed through the
 * admin API, each new lead submission queues one push per device in the outbox, and the
 * worker sends it, signed (VAPID) and encrypted (aes128gcm), to the device's push service:
 * here a stand-in on 127.0.0.1 that checks both as a real one would.
 */

const postContact = callEndpoint(contactEndpoint.POST);
const postSurvey = callEndpoint(surveyEndpoint.POST);
const ORIGIN = site.url;
const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** Lets the run a submission kicked off start, then runs the outbox after it: both are done when this resolves. */
async function settleOutbox() {
  await new Promise((resolve) => setImmediate(resolve));
  return drainOutbox();
}

const pushRows = async () => (await listOutbox()).filter((item) => item.kind === "push");

describeEachEngine("push for new leads", () => {
  const service = new StandInPushService();
  let token: string;

  const subscribe = async (body: unknown, headers: { origin?: string } = { origin: ORIGIN }) =>
    deskCall(subscriptionsEndpoint.POST, "POST", "/api/admin/push/subscriptions", { token, body, ...headers });
  const devices = async () => (await deskJson<{ items: { id: number; label: string; createdAt: string; endpointHost: string }[] }>(await deskCall(subscriptionsEndpoint.GET, "GET", "/api/admin/push/subscriptions", { token }))).items;

  beforeAll(async () => {
    await service.start();
    process.env.RATE_LIMIT_MULTIPLIER = "100";
  });
  beforeEach(async () => {
    service.reset();
    // Without SMTP or a webhook: pushes need neither.
    for (const name of ["SMTP_URL", "MAIL_FROM", "LEADS_TO", "LEAD_WEBHOOK_URL", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"]) delete process.env[name];
    token = await deskSession();
  });
  afterEach(async () => {
    await stopOutboxWorker();
  });
  afterAll(async () => {
    delete process.env.RATE_LIMIT_MULTIPLIER;
    await service.stop();
  });

  it("asks for a session on every push route", async () => {
    const device = service.device();
    expect((await deskCall(keyEndpoint.GET, "GET", "/api/admin/push/key")).status).toBe(401);
    expect((await deskCall(subscriptionsEndpoint.GET, "GET", "/api/admin/push/subscriptions")).status).toBe(401);
    expect((await deskCall(subscriptionsEndpoint.POST, "POST", "/api/admin/push/subscriptions", { body: device.subscription, origin: ORIGIN })).status).toBe(401);
    expect((await deskCall(subscriptionEndpoint.DELETE, "DELETE", "/api/admin/push/subscriptions/1", { params: { id: "1" }, origin: ORIGIN })).status).toBe(401);
    // And a change from another site is refused before the session is even looked at.
    expect((await subscribe(device.subscription, { origin: "https://evil.example" })).status).toBe(403);
    expect(await devices()).toEqual([]);
  });

  it("hands out one VAPID public key, generated once and kept in settings, unless the environment sets one", async () => {
    const { publicKey } = await deskJson<{ publicKey: string }>(await deskCall(keyEndpoint.GET, "GET", "/api/admin/push/key", { token }));
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const again = await deskJson<{ publicKey: string }>(await deskCall(keyEndpoint.GET, "GET", "/api/admin/push/key", { token }));
    expect(again.publicKey).toBe(publicKey);
    const db = await getDb();
    const stored = await db.selectFrom("settings").select("value").where("key", "=", VAPID_KEYS_SETTING).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ publicKey });

    const fromEnv = webPush.generateVAPIDKeys();
    process.env.VAPID_PUBLIC_KEY = fromEnv.publicKey;
    process.env.VAPID_PRIVATE_KEY = fromEnv.privateKey;
    process.env.VAPID_SUBJECT = "mailto:owner@saludaridge.example";
    try {
      const overridden = await deskJson<{ publicKey: string }>(await deskCall(keyEndpoint.GET, "GET", "/api/admin/push/key", { token }));
      expect(overridden.publicKey).toBe(fromEnv.publicKey);
      // The pushes are signed with the environment's key and subject.
      const device = service.device();
      await deskJson(await subscribe(device.subscription), 201);
      expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
      await settleOutbox();
      expect(service.refused).toEqual([]);
      expect(service.received).toHaveLength(1);
      expect(service.received[0]).toMatchObject({ vapidKey: fromEnv.publicKey, claims: { sub: "mailto:owner@saludaridge.example", aud: service.origin } });
    } finally {
      delete process.env.VAPID_PUBLIC_KEY;
      delete process.env.VAPID_PRIVATE_KEY;
      delete process.env.VAPID_SUBJECT;
    }
  });

  it("refuses a subscription that is not one with field errors: an http endpoint off this machine, missing or malformed keys", async () => {
    const { subscription } = service.device();
    const fields = async (body: unknown) => (await deskJson<{ fields: Record<string, string> }>(await subscribe(body), 400)).fields;
    expect(await fields({ ...subscription, endpoint: "http://push.example.com/abc" })).toEqual({ endpoint: "The endpoint must be an https URL (http only on this machine)." });
    expect(Object.keys(await fields({ ...subscription, endpoint: "not a url" }))).toEqual(["endpoint"]);
    expect(Object.keys(await fields({ ...subscription, endpoint: "ftp://127.0.0.1/abc" }))).toEqual(["endpoint"]);
    expect(await fields({ endpoint: subscription.endpoint })).toEqual({ keys: "The subscription's keys (p256dh and auth) are missing." });
    expect(await fields({ ...subscription, keys: { p256dh: "short", auth: subscription.keys.auth } })).toEqual({ keys: "The p256dh key must be a P-256 public key in base64url." });
    expect(await fields({ ...subscription, keys: { p256dh: subscription.keys.p256dh, auth: "" } })).toEqual({ keys: "The auth secret must be 16 bytes in base64url." });
    expect(Object.keys(await fields({ ...subscription, label: 42 }))).toEqual(["label"]);
    expect((await deskCall(subscriptionsEndpoint.POST, "POST", "/api/admin/push/subscriptions", { token, raw: "{not json", origin: ORIGIN })).status).toBe(400);
    expect(await devices()).toEqual([]);
  });

  it("lists the devices by name and push service host, never their keys, and removes one", async () => {
    const phone = service.device();
    const laptop = service.device();
    const phoneId = (await deskJson<{ id: number }>(await deskCall(subscriptionsEndpoint.POST, "POST", "/api/admin/push/subscriptions", { token, body: phone.subscription, origin: ORIGIN, userAgent: CHROME }), 201)).id;
    const laptopId = (await deskJson<{ id: number }>(await subscribe({ ...laptop.subscription, label: "Office laptop" }), 201)).id;
    // Subscribing the same browser again is the same device.
    expect((await deskJson<{ id: number }>(await subscribe({ ...laptop.subscription, label: "Office laptop" }), 201)).id).toBe(laptopId);

    const response = await deskCall(subscriptionsEndpoint.GET, "GET", "/api/admin/push/subscriptions", { token });
    const text = await response.clone().text();
    expect(text).not.toContain(phone.subscription.keys.p256dh);
    expect(text).not.toContain(phone.subscription.keys.auth);
    expect(text).not.toContain(phone.subscription.endpoint);
    const host = new URL(service.origin).host;
    expect((await deskJson<{ items: unknown[] }>(response)).items).toEqual([
      { id: laptopId, label: "Office laptop", createdAt: expect.any(String) as string, endpointHost: host },
      { id: phoneId, label: "Chrome 131 on Android", createdAt: expect.any(String) as string, endpointHost: host },
    ]);

    const remove = (id: string) => deskCall(subscriptionEndpoint.DELETE, "DELETE", `/api/admin/push/subscriptions/${id}`, { token, params: { id }, origin: ORIGIN });
    expect((await remove(String(phoneId))).status).toBe(204);
    expect((await remove(String(phoneId))).status).toBe(404);
    expect((await remove("abc")).status).toBe(400);
    expect((await devices()).map((device) => device.id)).toEqual([laptopId]);
  });

  it("pushes every new lead to every device: signed, encrypted, title, service and channel only, and the link to the lead", async () => {
    const phone = service.device();
    const tablet = service.device();
    for (const device of [phone, tablet]) await deskJson(await subscribe(device.subscription), 201);
    const { publicKey } = await deskJson<{ publicKey: string }>(await deskCall(keyEndpoint.GET, "GET", "/api/admin/push/key", { token }));

    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    // Queued with the lead: one row per device, naming the device only.
    const queued = await pushRows();
    expect(queued).toHaveLength(2);
    for (const row of queued) {
      expect(row.status).toBe("pending");
      expect(row.payloadText).not.toContain(validContact.name);
      expect(row.payloadText).not.toContain(validContact.email);
    }
    await settleOutbox();
    await service.waitFor(2);

    expect(service.refused).toEqual([]);
    const leadId = queued[0]!.refId!;
    expect(service.received.map((push) => push.endpoint).sort()).toEqual([phone.subscription.endpoint, tablet.subscription.endpoint].sort());
    for (const push of service.received) {
      expect(push.vapidKey).toBe(publicKey);
      expect(push.claims.aud).toBe(service.origin);
      expect(push.payload).toEqual({ title: `New lead: ${validContact.name}`, body: "Managed Internet & Failover · Unassigned", url: `/admin/leads/${leadId}` });
      // Nothing readable crosses the wire: the name is only inside the encrypted body.
      expect(push.body.toString("latin1")).not.toContain(validContact.name);
    }
    expect((await pushRows()).map((row) => row.status)).toEqual(["sent", "sent"]);
    const db = await getDb();
    const delivered = await db.selectFrom("push_subscriptions").select("last_success_at").execute();
    expect(delivered.every((row) => row.last_success_at !== null)).toBe(true);

    // A survey from someone else is a lead too, named by its business.
    service.reset();
    expect((await postSurvey(jsonRequest("/api/survey", validSurvey))).status).toBe(201);
    await settleOutbox();
    await service.waitFor(2);
    expect(service.received[0]!.payload).toMatchObject({ title: `New lead: ${validSurvey.businessName}`, body: "VoIP Phone Systems · Unassigned" });
  });

  it("pushes nothing for a folded resend, a bot's honeypot, or a lead marked as spam", async () => {
    const device = service.device();
    await deskJson(await subscribe(device.subscription), 201);
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    // The same form again within 10 minutes is folded into the first.
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, email: "bot@example.com", website: "https://spam.example" }))).status).toBe(201);
    expect(await pushRows()).toHaveLength(1);
    await settleOutbox();
    expect(service.received).toHaveLength(1);

    // The owner marks the lead as spam; its next message pushes nothing.
    const leadId = (await pushRows())[0]!.refId!;
    const marked = await deskCall(leadEndpoint.PATCH, "PATCH", `/api/admin/leads/${leadId}`, { token, body: { status: "spam" }, params: { id: String(leadId) }, origin: ORIGIN });
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect((await postContact(jsonRequest("/api/contact", { ...validContact, message: "Are you there?" }))).status).toBe(201);
    expect(await pushRows()).toHaveLength(1);
  });

  it("removes a device whose push service answers 410 or 404 and ends its push; retries on other failures", async () => {
    const gone = service.device();
    const lost = service.device();
    const flaky = service.device();
    const goneId = (await deskJson<{ id: number }>(await subscribe(gone.subscription), 201)).id;
    const lostId = (await deskJson<{ id: number }>(await subscribe(lost.subscription), 201)).id;
    const flakyId = (await deskJson<{ id: number }>(await subscribe(flaky.subscription), 201)).id;
    // Sent in subscription order: the first device's service answers 410, the second's 404, the third's 500.
    service.answers.push(410, 404, 500);
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    await settleOutbox();
    await service.waitFor(3);

    expect((await devices()).map((device) => device.id)).toEqual([flakyId]);
    const rows = await pushRows();
    const byDevice = (id: number) => rows.find((row) => (JSON.parse(row.payloadText) as { subscriptionId: number }).subscriptionId === id)!;
    expect(byDevice(goneId)).toMatchObject({ status: "failed", attempts: 1 });
    expect(byDevice(goneId).lastError).toMatch(/410/);
    expect(byDevice(lostId)).toMatchObject({ status: "failed", attempts: 1 });
    expect(byDevice(flakyId)).toMatchObject({ status: "pending", attempts: 1 });
    expect(byDevice(flakyId).lastError).toMatch(/500/);
  });

  it("keeps no queued push of an erased lead", async () => {
    const device = service.device();
    await deskJson(await subscribe(device.subscription), 201);
    expect((await postContact(jsonRequest("/api/contact", validContact))).status).toBe(201);
    const [queued] = await pushRows();
    const leadId = queued!.refId!;
    const erased = await deskCall(leadEndpoint.DELETE, "DELETE", `/api/admin/leads/${leadId}`, { token, params: { id: String(leadId) }, origin: ORIGIN });
    expect(erased.status).toBe(204);
    expect(await pushRows()).toEqual([]);
    // (The push may have gone out already: the submission kicked the outbox. Either way no copy stays.)
    await settleOutbox();
    expect(await pushRows()).toEqual([]);
  });
});
