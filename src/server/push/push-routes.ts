import { fieldErrors } from "@/lib/field-errors";
import { pushSubscriptionSchema } from "@/lib/validation/push-subscription-schema";
import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { describeUserAgent } from "@/server/http/describe-user-agent";
import { jsonError, jsonResponse, readJsonBody } from "@/server/http/json-responses";
import { deletePushSubscription, listPushDevices, savePushSubscription } from "./push-subscriptions";
import { vapidDetails } from "./vapid-keys";

/*
 * The owner's devices that get a push for each new lead (docs/push.md). Every route: a
 * session, the same-origin check on changes, JSON 400 with field errors for bad input.
 */

/** GET /api/admin/push/key: `{ publicKey }`, the VAPID key a browser subscribes with (`applicationServerKey`). */
export const pushKeyRoute = adminRoute(async () => jsonResponse({ publicKey: (await vapidDetails()).publicKey }));

/** GET /api/admin/push/subscriptions: `{ items }`, the devices, never their keys. */
export const pushDeviceListRoute = adminRoute(async () => jsonResponse({ items: await listPushDevices() }));

/** POST /api/admin/push/subscriptions: 201 `{ id }`. Without a label, the device is named after the browser that subscribed it. */
export const pushSubscribeRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = pushSubscriptionSchema.safeParse(body.value);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return jsonResponse({ error: "Some fields are invalid.", fields, fieldErrors: fields }, 400);
    }
    const { endpoint, keys, label } = parsed.data;
    const browser = describeUserAgent(request.headers.get("user-agent"));
    const id = await savePushSubscription({ endpoint, p256dh: keys.p256dh, auth: keys.auth, label: label || `${browser.browser} on ${browser.os}` });
    await audit({ action: "push.device_added", target: { kind: "device", id } });
    return jsonResponse({ id }, 201);
  },
  { mutates: true },
);

/** DELETE /api/admin/push/subscriptions/{id}: 204, or 404 for a device that is not there. */
export const pushUnsubscribeRoute = adminRoute(
  async ({ params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, "Malformed id.");
    if (!(await deletePushSubscription(id))) return jsonError(404, "No such device.");
    await audit({ action: "push.device_removed", target: { kind: "device", id } });
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
  { mutates: true },
);
