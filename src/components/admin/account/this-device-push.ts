import { adminApi, apiRequest } from "@/lib/admin-api";
import { routes } from "@/lib/routes";

/*
 * This browser's side of "Notify this device": the Push API glue between the desk's service
 * worker and POST /api/admin/push/subscriptions (docs/push.md).
 */

/** Which device of the list is this browser: the id its subscription was stored under. */
const THIS_DEVICE_KEY = "desk-push-device-id";

export type PushSupport = "supported" | "unsupported" | "denied";

export function pushSupport(): PushSupport {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return Notification.permission === "denied" ? "denied" : "supported";
}

export function thisDeviceId(): number | null {
  const stored = Number(localStorage.getItem(THIS_DEVICE_KEY));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

/** Thrown when the owner (or the browser) declines notifications: nothing to retry. */
export class NotificationsDeclined extends Error {}

/**
 * Asks for permission, subscribes this browser's push with the site's VAPID key (a
 * subscription made with another key is replaced), and stores it. Resolves to its id.
 */
export async function subscribeThisDevice(): Promise<number> {
  if ((await Notification.requestPermission()) !== "granted") throw new NotificationsDeclined("Notifications were not allowed.");
  const { publicKey } = (await (await fetch(adminApi.pushKey, { credentials: "include" })).json()) as { publicKey: string };
  await navigator.serviceWorker.register(routes.adminServiceWorker, { scope: routes.adminServiceWorkerScope, updateViaCache: "none" });
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  const response = await apiRequest("POST", adminApi.pushSubscriptions, { endpoint, keys });
  const { id } = (await response.json()) as { id: number };
  localStorage.setItem(THIS_DEVICE_KEY, String(id));
  return id;
}

/** After this browser's device was removed from the list: its subscription ends too. */
export async function forgetThisDevice(): Promise<void> {
  localStorage.removeItem(THIS_DEVICE_KEY);
  const registration = await navigator.serviceWorker?.getRegistration(routes.adminServiceWorkerScope);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}
