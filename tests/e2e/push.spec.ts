import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { validContact } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { StandInPushService } from "../support/stand-in-push-service";
import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { E2E_ADMIN, waitForHydration } from "./helpers";

/**
 * The installable desk and its push (issue 29, docs/push.md), in Chromium against the
 * production build, on a server of its own. The push service is a stand-in on 127.0.0.1
 * that checks the VAPID JWT and decrypts the aes128gcm body (tests/support/stand-in-push-service.ts).
 *
 * Headless Chromium cannot subscribe to a real push service: a Playwright context is an
 * incognito profile, where Chrome refuses the Push API ("Registration failed - permission
 * denied"), and a persistent profile waits forever for Google's push service off the
 * network. So the browser's PushManager.subscribe is stood in by one that returns a
 * subscription at the stand-in service, with keys the test made; everything around it runs
 * as is: the permission prompt, the key from the API, the worker's registration, the POST
 * of the subscription, the list, the push, the worker showing it (delivered with CDP's
 * ServiceWorker.deliverPushMessage, as the push service would) and the tap.
 */

let server: RunningServer;
const service = new StandInPushService();

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("push", testInfo, E2E_ADMIN);
  await service.start();
});
test.afterAll(async () => {
  await server?.stop();
  await service.stop();
});

const at = (target: string) => `${server.url}${target}`;
const DESK_SCOPE = "/admin";

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

/** Records every service worker registration a page asks for, before any of its scripts run. */
async function spyOnWorkerRegistrations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __registrations: string[] }).__registrations = calls;
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, url: string | URL, options?: RegistrationOptions) {
      calls.push(String(url));
      return register.call(this, url, options);
    };
  });
}

/** The registration ids CDP reports for the desk's worker. */
async function deskRegistrationId(cdp: CDPSession): Promise<() => string | undefined> {
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(new URL(registration.scopeURL).pathname, registration.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  return () => registrations.get(DESK_SCOPE);
}

test("the desk's manifest, icons and service worker are served, and only the back office links them", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const manifestResponse = await page.request.get(at("/admin/manifest.webmanifest"));
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await manifestResponse.json()) as { start_url: string; scope: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest).toMatchObject({ start_url: "/admin", scope: DESK_SCOPE, display: "standalone", theme_color: "#1a4fae" });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
  for (const icon of manifest.icons) {
    const png = await page.request.get(at(icon.src));
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // The PNG's IHDR: width and height as 32-bit big-endian numbers.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  const worker = await page.request.get(at("/admin/sw.js"));
  expect(worker.headers()["content-type"]).toContain("text/javascript");
  expect(worker.headers()["service-worker-allowed"]).toBe(DESK_SCOPE);

  // A back-office page links the manifest and registers the worker over /admin.
  const context = await browser.newContext();
  await spyOnWorkerRegistrations(context);
  const desk = await context.newPage();
  await logIn(desk);
  await desk.goto(at("/admin/account"));
  await expect(desk.locator('link[rel="manifest"]')).toHaveAttribute("href", "/admin/manifest.webmanifest");
  expect(await desk.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(at(DESK_SCOPE));
  expect(await desk.evaluate(() => (window as unknown as { __registrations: string[] }).__registrations)).toEqual(["/admin/sw.js"]);

  // The public site is neither an app nor under a worker: a visitor's browser never registers one.
  const visitor = await browser.newContext();
  await spyOnWorkerRegistrations(visitor);
  const site = await visitor.newPage();
  for (const path of PUBLIC_PAGES.slice(0, 6)) {
    await site.goto(at(path));
    await expect(site.locator('link[rel="manifest"]')).toHaveCount(0);
    expect(await site.evaluate(() => (window as unknown as { __registrations: string[] }).__registrations), path).toEqual([]);
  }
  expect(await site.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await context.close();
  await visitor.close();
});

test("Notify this device subscribes and lists the device; a new lead is pushed, the worker shows it, and its tap opens the lead; Remove ends it", async ({ page, context }) => {
  test.setTimeout(60_000);
  service.reset();
  const device = service.device();
  await context.grantPermissions(["notifications"], { origin: server.url });
  // The browser's push service, stood in (see above): subscribe() answers with the stand-in's subscription.
  await context.addInitScript((subscription) => {
    // Kept in localStorage, as the browser keeps a subscription across page loads.
    const made = (key: Uint8Array) =>
      ({
        endpoint: subscription.endpoint,
        options: { applicationServerKey: key.buffer, userVisibleOnly: true },
        toJSON: () => subscription,
        unsubscribe: async () => {
          localStorage.removeItem("stand-in-push-key");
          localStorage.setItem("stand-in-push-unsubscribed", "yes");
          return true;
        },
      }) as unknown as PushSubscription;
    const stored = () => localStorage.getItem("stand-in-push-key");
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      localStorage.setItem("stand-in-push-key", btoa(String.fromCharCode(...key)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
      return made(key);
    };
    PushManager.prototype.getSubscription = async () => {
      const key = stored();
      return key ? made(Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0))) : null;
    };
  }, device.subscription);

  await logIn(page);
  // A second device, subscribed through the API as another browser would.
  const other = service.device();
  const added = await page.request.post(at("/api/admin/push/subscriptions"), { data: { ...other.subscription, label: "Office laptop" } });
  expect(added.status()).toBe(201);

  await page.goto(at("/admin/account"));
  const section = page.getByRole("region", { name: "New-lead notifications" });
  await section.getByRole("button", { name: "Notify this device" }).click();
  await expect(page.getByRole("status").filter({ hasText: "This device will be notified" })).toBeVisible();
  const { publicKey } = (await (await page.request.get(at("/api/admin/push/key"))).json()) as { publicKey: string };
  expect(await page.evaluate(() => localStorage.getItem("stand-in-push-key"))).toBe(publicKey);

  const { items } = (await (await page.request.get(at("/api/admin/push/subscriptions"))).json()) as { items: { id: number; label: string; endpointHost: string }[] };
  expect(items.map((item) => item.label)).toEqual([expect.stringMatching(/ on /), "Office laptop"]);
  const rows = section.getByTestId("push-device-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(items[0]!.label);
  await expect(rows.first()).toContainText("This device");
  await expect(rows.first()).toContainText(new URL(service.origin).host);
  await expect(rows.nth(1)).toContainText("Office laptop");
  await expect(rows.nth(1)).not.toContainText("This device");

  // A visitor sends the contact form: both devices' push services get the lead, signed and encrypted.
  const name = `Push Lead ${Date.now()}`;
  const posted = await page.request.post(at("/api/contact"), { data: { ...validContact, name, email: `push-${Date.now()}@example.com` } });
  expect(posted.status()).toBe(201);
  await service.waitFor(2);
  expect(service.refused).toEqual([]);
  const received = service.received.find((push) => push.endpoint === device.subscription.endpoint)!;
  expect(received.vapidKey).toBe(publicKey);
  const payload = received.payload as { title: string; body: string; url: string };
  expect(payload.title).toBe(`New lead: ${name}`);
  expect(payload.body).toMatch(/^Managed Internet & Failover · \S/);
  expect(payload.url).toMatch(/^\/admin\/leads\/\d+$/);
  expect(JSON.stringify(payload)).not.toMatch(/@|555/);

  // The push service hands the push to the browser: the worker shows it.
  const cdp = await context.newCDPSession(page);
  const registrationId = await deskRegistrationId(cdp);
  await expect.poll(registrationId).toBeDefined();
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: registrationId()!, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, url: (notification.data as { url: string }).url })));
  await expect.poll(shown).toEqual([payload]);

  // A tap on it opens the lead in the desk. CDP cannot click a notification, so the worker gets the
  // notificationclick event a tap fires, for the notification it shows.
  const [worker] = context.serviceWorkers();
  expect(worker!.url()).toBe(at("/admin/sw.js"));
  await worker!.evaluate(async () => {
    // The worker's globals, which the page's DOM types do not describe.
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
    const [notification] = await scope.registration.getNotifications();
    const tap = new scope.NotificationEvent("notificationclick", { notification: notification! });
    const pending: Promise<unknown>[] = [];
    // A synthetic event may not extend itself (waitUntil throws on it): collect what the worker waits for instead.
    Object.defineProperty(tap, "waitUntil", { value: (promise: Promise<unknown>) => pending.push(promise) });
    scope.dispatchEvent(tap);
    await Promise.all(pending);
  });
  await expect(page).toHaveURL(at(payload.url));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect.poll(shown).toEqual([]);

  // A push that names a place outside the desk opens the desk, never that place.
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: registrationId()!, data: JSON.stringify({ ...payload, url: "//evil.example/login" }) });
  await expect.poll(shown).toEqual([{ ...payload, url: "/admin" }]);

  // Remove this device: it leaves the list, and the browser's subscription ends with it.
  await page.goto(at("/admin/account"));
  await section.getByRole("button", { name: `Remove ${items[0]!.label}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Device removed" })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Office laptop");
  expect(await page.evaluate(() => localStorage.getItem("stand-in-push-unsubscribed"))).toBe("yes");
});

test("a desk page opens from the worker's cache when the phone is offline", async ({ page, context }) => {
  await logIn(page);
  await page.goto(at("/admin/account"));
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // The worker keeps the pages it served; the first load happened before it controlled the page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  try {
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    // Truly offline: the network itself answers nothing (the worker never caches the API).
    expect(await page.evaluate(() => fetch("/api/admin/check-auth").then(() => "answered", () => "offline"))).toBe("offline");
  } finally {
    await context.setOffline(false);
  }
});

/** A new lead through the public form; its id as the desk lists it. */
async function newLead(page: Page, tag: string): Promise<number> {
  const email = `${tag}-${Date.now()}@example.com`;
  expect((await page.request.post(at("/api/contact"), { data: { ...validContact, name: `Offline ${tag}`, email } })).status()).toBe(201);
  const { items } = (await (await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(email)}`))).json()) as { items: { id: number }[] };
  return items[0]!.id;
}

/** Opens `path` under the desk's worker: the first load registers it, the reload is the first it serves (and keeps). */
async function openUnderWorker(page: Page, path: string): Promise<void> {
  await page.goto(at(path));
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("offline, a logged call waits as 'Waiting to send (1)', survives a reload, and is sent exactly once when the connection returns", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page);
  const leadId = await newLead(page, "call");
  await openUnderWorker(page, `/admin/leads/${leadId}`);
  const calls = async () => ((await (await page.request.get(at(`/api/admin/leads/${leadId}`))).json()) as { timeline: { type: string }[] }).timeline.filter((entry) => entry.type === "call");

  const voicemail = page.getByRole("group", { name: "How did the call go?" }).getByRole("button", { name: "Voicemail" });
  await waitForHydration(voicemail);
  await context.setOffline(true);
  try {
    await expect(page.getByTestId("offline-notice")).toBeVisible();
    await voicemail.click();
    await page.getByRole("button", { name: "No follow-up" }).click();
    await expect(page.getByText("Saved on this phone", { exact: true })).toBeVisible();
    await expect(page.getByTestId("waiting-to-send")).toContainText("Waiting to send (1)");
    // A reload offline: the page comes from the worker, the queued call from this browser's storage.
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId("waiting-to-send")).toContainText("Waiting to send (1)");
    await expect(page.getByTestId("offline-notice")).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Back online: sent, and the lead loads with it on its timeline.
  await expect(page.getByTestId("waiting-to-send")).toHaveCount(0);
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Call: Voicemail" })).toHaveCount(1);
  // Another start of the page sends nothing again.
  await page.reload();
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Call: Voicemail" })).toHaveCount(1);
  expect(await calls()).toHaveLength(1);
});

test("a change queued twice (two tabs sending at once) is stored once, by its idempotency key", async ({ page }) => {
  await logIn(page);
  const leadId = await newLead(page, "twice");
  const body = { text: "Left a voicemail from the truck", clientKey: "f00dfeedf00dfeedf00dfeedf00dfeed" };
  const answers = await Promise.all([0, 1].map(() => page.request.post(at(`/api/admin/leads/${leadId}/notes`), { data: body, headers: { origin: server.url } })));
  expect(answers.map((answer) => answer.status()).every((status) => status === 201 || status === 200)).toBe(true);
  const lead = (await (await page.request.get(at(`/api/admin/leads/${leadId}`))).json()) as { timeline: { type: string }[] };
  expect(lead.timeline.filter((entry) => entry.type === "note")).toHaveLength(1);
});

test("signing out forgets the desk pages kept for offline use", async ({ page }) => {
  await logIn(page);
  await openUnderWorker(page, "/admin/account");
  const keptPages = () => page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat());
  await expect.poll(keptPages).toContain("/admin/account");
  await page.getByRole("button", { name: "Log out" }).first().click();
  await page.waitForURL(/\/admin\/login$/);
  expect(await keptPages()).not.toContain("/admin/account");
});
