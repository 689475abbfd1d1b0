// zod/mini, as the desk's other schemas: Account → "Notify this device" and the API share it.
import * as z from "zod/mini";
import "./zod-config";
import { isSecureOrLoopbackUrl } from "../loopback-url";
import { textField } from "./text-field";

/** Push services' endpoints are a few hundred characters; this is generous without being a dump. */
export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_LABEL_MAX = 100;

const ENDPOINT_MESSAGE = "The endpoint must be an https URL (http only on this machine).";

function endpointAllowed(value: string): boolean {
  try {
    const url = new URL(value);
    return isSecureOrLoopbackUrl(url) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A base64url key of exactly `bytes` bytes once decoded (unpadded: 4 characters per 3 bytes, rounded up). */
function base64UrlKey(message: string, bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string({ error: message }).check(z.trim(), z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}=*$`), message));
}

/**
 * POST /api/admin/push/subscriptions: what `PushSubscription.toJSON()` gives, and an
 * optional label (the server names the browser when there is none). The keys are the
 * browser's P-256 public key (65 bytes) and its 16-byte auth secret (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: textField(ENDPOINT_MESSAGE, z.maxLength(PUSH_ENDPOINT_MAX, `An endpoint is at most ${PUSH_ENDPOINT_MAX} characters.`), z.refine(endpointAllowed, ENDPOINT_MESSAGE)),
  keys: z.object(
    {
      p256dh: base64UrlKey("The p256dh key must be a P-256 public key in base64url.", 65),
      auth: base64UrlKey("The auth secret must be 16 bytes in base64url.", 16),
    },
    { error: "The subscription's keys (p256dh and auth) are missing." },
  ),
  label: z.optional(textField("The label is text.", z.maxLength(PUSH_LABEL_MAX, `A label is at most ${PUSH_LABEL_MAX} characters.`))),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;
