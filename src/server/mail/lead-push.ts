import webPush from "web-push";
import { leadServiceLabel } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import { getDb } from "@/server/db/connection";
import { flatText } from "@/server/mail/escape-html";
import { OutboxGiveUp } from "@/server/mail/mail-outbox";
import { deletePushSubscription, findPushSubscription, markPushDelivered } from "@/server/push/push-subscriptions";
import { vapidDetails } from "@/server/push/vapid-keys";

/**
 * Sending the push to the owner's devices that every new lead submission queues, one row per
 * device (src/server/leads/lead-notifications.ts; docs/push.md): the outbox worker sends it,
 * with its retries. The devices and the VAPID keys are src/server/push/'s.
 */

/** What the service worker shows: no e-mail address or phone number, only what tells the owner to look. */
export type LeadPushPayload = { title: string; body: string; url: string };

/** How long a push service may keep a push for a device that is offline: a lead a day old is no news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long a push service may take to answer before the attempt counts as failed. */
export const PUSH_TIMEOUT_MS = 10_000;

export function leadPushPayload(lead: { id: number; name: string; service: string | null; channel: string }): LeadPushPayload {
  return { title: `New lead: ${flatText(lead.name)}`, body: `${leadServiceLabel(lead.service)} · ${lead.channel}`, url: routes.adminLead(lead.id) };
}

/**
 * Sends one queued push (`payloadText` names the device, `leadId` the lead), built from the
 * lead as it is now. Throws to retry; throws OutboxGiveUp when retrying cannot help: the
 * device or the lead is gone, the lead was marked Spam meanwhile, or the push service
 * answers 404 or 410, which means the browser unsubscribed, so the device is removed.
 */
export async function sendLeadPush(payloadText: string, leadId: number | null): Promise<void> {
  const { subscriptionId } = JSON.parse(payloadText) as { subscriptionId: number };
  const subscription = await findPushSubscription(subscriptionId);
  if (!subscription) throw new OutboxGiveUp("The device was removed before its push went out.");
  const db = await getDb();
  const lead =
    leadId === null ? undefined : await db.selectFrom("leads").select(["id", "name", "service", "first_channel", "status"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead) throw new OutboxGiveUp("The lead was deleted before its push went out.");
  if (lead.status === "spam") throw new OutboxGiveUp("The lead was marked as spam before its push went out.");

  const payload = leadPushPayload({ id: lead.id, name: lead.name, service: lead.service, channel: lead.first_channel });
  // web-push signs (VAPID) and encrypts (aes128gcm); the request goes out through fetch, which
  // (unlike web-push's own https-only sender) also reaches a stand-in service on 127.0.0.1 in tests.
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: await vapidDetails(), TTL: PUSH_TTL_SECONDS, urgency: "high" },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== "content-length").map(([name, value]) => [name, String(value)]));
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: new Uint8Array(request.body),
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 404 || response.status === 410) {
    await deletePushSubscription(subscription.id);
    throw new OutboxGiveUp(`The push service answered ${response.status}: the device unsubscribed, and was removed.`);
  }
  if (response.status < 200 || response.status > 299) throw new Error(`The push service answered ${response.status}.`);
  await markPushDelivered(subscription.id);
}
