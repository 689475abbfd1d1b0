import { createHmac } from "node:crypto";
import type { LeadWebhookConfig } from "@/server/config";

/**
 * Posting the optional webhook a new lead queues (src/server/leads/lead-notifications.ts,
 * docs/lead-qualification.md): the outbox worker posts each stored body, signed at each attempt, with its retries.
 */

/** How long a receiver may take to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = "X-Signature-SHA256";
export const TIMESTAMP_HEADER = "X-Webhook-Timestamp";
export const DELIVERY_HEADER = "X-Webhook-Id";

/** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `${timestamp}.${body}`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * Posts one queued body, signed now. Resolves on a 2xx answer; throws otherwise (the
 * outbox retries), and on a receiver slower than WEBHOOK_TIMEOUT_MS. Redirects are not
 * followed: a moved receiver is a configuration to fix, not a place to send leads.
 */
export async function postLeadWebhook(body: string, config: LeadWebhookConfig, now = Date.now()): Promise<void> {
  const timestamp = String(Math.floor(now / 1000));
  const delivery = (JSON.parse(body) as { id?: string }).id ?? "";
  const response = await fetch(config.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "SaludaRidge-LeadWebhook/1",
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: webhookSignature(config.secret, timestamp, body),
      [DELIVERY_HEADER]: delivery,
    },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The answer's body is not ours to read; release the connection.
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new Error(`The webhook answered ${response.status}.`);
}
