/*
 * The back office's service worker, served at /admin/sw.js (src/pages/admin/sw.js.ts) with
 * scope /admin (docs/push.md). It does two jobs:
 *  - keeps the desk's app shell: the built assets (hashed, so cached for good) and each
 *    /admin page the owner opened, fetched from the network first and kept for when the
 *    phone is offline. API answers (the leads themselves) are never cached here;
 *  - shows a new lead's push, and opens the lead when the notification is tapped.
 * Plain JavaScript: the browser runs this file as it is.
 */

/** Raise when the caching rules change: activation drops every other cache of the desk. */
const SHELL_CACHE = "desk-shell-v1";
const SHELL_PRECACHE = ["/admin/manifest.webmanifest", "/admin/icon-192.png", "/admin/icon-512.png"];
const DESK_PATH = /^\/admin(?:\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL_PRECACHE)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("desk-shell-") && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/_astro/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && DESK_PATH.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

/** A hashed build asset never changes: the cached copy is the one. */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * A desk page from the network, kept for offline use; offline, the copy kept (or the Today
 * page's, the installed app's start). A redirect (to the sign-in page) is never kept in a
 * page's place.
 */
async function networkFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match("/admin"));
    if (cached) return cached;
    throw error;
  }
}

/** The push's payload: `{ title, body, url }` (src/server/mail/lead-push.ts). */
self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: "/admin/icon-192.png",
      badge: "/admin/icon-192.png",
      // One notification per lead: a second push for the same lead replaces the first.
      tag: payload.url,
      data: { url: payload.url },
    }),
  );
});

function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === "string") {
      return { title: payload.title, body: typeof payload.body === "string" ? payload.body : "", url: deskUrl(payload.url) };
    }
  } catch {
    // Not JSON: shown as a plain new-lead notice below.
  }
  return { title: "New lead", body: "", url: "/admin" };
}

/** Only a path of the desk is opened: a payload cannot send the owner anywhere else. */
function deskUrl(value) {
  return typeof value === "string" && DESK_PATH.test(value) && !value.startsWith("//") ? value : "/admin";
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(deskUrl(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(openDeskAt(url));
});

/** Shows the lead in a desk window already open, or opens one. */
async function openDeskAt(url) {
  const windows = await self.clients.matchAll({ type: "window" });
  const desk = windows.find((client) => DESK_PATH.test(new URL(client.url).pathname));
  // navigate() fails on a window that left the desk meanwhile: a new window instead.
  const navigated = desk ? await desk.navigate(url).catch(() => null) : null;
  if (navigated) return navigated.focus().catch(() => navigated);
  return self.clients.openWindow(url);
}
