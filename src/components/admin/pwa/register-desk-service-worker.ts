import { routes } from "@/lib/routes";

/**
 * Registers the desk's service worker (src/components/admin/pwa/desk-service-worker.js) once
 * the page has loaded, so it never competes with the page for the network. A browser
 * without service workers (or one refusing them, as private modes may) simply has no app
 * shell and no push; the desk works the same.
 */
export function registerDeskServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(routes.adminServiceWorker, { scope: routes.adminServiceWorkerScope, updateViaCache: "none" }).catch((error: unknown) => {
      console.warn("[desk] the service worker could not be registered:", error);
    });
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/**
 * Forgets the desk pages the worker kept for offline use: signing out leaves nothing of the
 * desk on the phone to open without a connection. Only the desk uses the Cache API here.
 */
export async function forgetOfflineDesk(): Promise<void> {
  if (!("caches" in window)) return;
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
}
