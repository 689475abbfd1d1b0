import { createHmac, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { site } from "@/content/site";
import { leadServiceLabel } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import { type LeadWebhookConfig, leadWebhookConfig } from "@/server/config";
import { enqueueWebhook } from "@/server/mail/mail-outbox";
import type { Database } from "@/server/db/schema";

/**
 * The optional webhook that tells a chat tool (or the owner's script) about each new lead
 * (docs/lead-qualification.md). It is queued in the outbox by the transaction that creates
 * the lead and posted by the outbox worker, with its retries.
 */

/** How long a receiver may take to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = "X-Signature-SHA256";
export const TIMESTAMP_HEADER = "X-Webhook-Timestamp";
export const DELIVERY_HEADER = "X-Webhook-Id";

/** The JSON body posted for a new lead; `text` is what Slack-style chat tools show. */
export type LeadWebhookBody = {
  event: "lead.created";
  /** The same on every retry of one delivery: a receiver drops a repeat. */
  id: string;
  createdAt: string;
  text: string;
  lead: {
    id: number;
    name: string;
    business: string | null;
    email: string | null;
    phone: string | null;
    source: string;
    /** The service line's key (src/lib/lead-services.ts), null when none was named. */
    service: string | null;
    channel: string;
    url: string;
  };
};

/**
 * Queues the webhook of a lead created by `trx`, when a webhook is configured; nothing
 * otherwise. The body is stored as it will be posted (no secret in it: the signature is
 * made at each attempt). Returns whether one was queued, so the caller wakes the worker.
 */
export async function queueLeadWebhook(trx: Kysely<Database>, leadId: number, now: number, config = leadWebhookConfig()): Promise<boolean> {
  if (!config) return false;
  const body = await leadWebhookBody(trx, leadId, { id: randomUUID(), createdAt: new Date(now).toISOString() });
  await enqueueWebhook(trx, { leadId, body: JSON.stringify(body), now });
  return true;
}

/**
 * Rewrites every stored webhook call of a lead (queued or sent) from what the lead holds
 * now, keeping each delivery's id and time: after one of its submissions is deleted, no
 * copy keeps the deleted submission's name, address or phone.
 */
export async function rewriteLeadWebhooks(trx: Kysely<Database>, leadId: number): Promise<void> {
  const calls = await trx.selectFrom("mail_outbox").select(["id", "payload"]).where("kind", "=", "webhook").where("lead_id", "=", leadId).execute();
  for (const call of calls) {
    const { id, createdAt } = JSON.parse(call.payload) as Pick<LeadWebhookBody, "id" | "createdAt">;
    const body = await leadWebhookBody(trx, leadId, { id, createdAt });
    await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(body) }).where("id", "=", call.id).execute();
  }
}

async function leadWebhookBody(trx: Kysely<Database>, leadId: number, delivery: Pick<LeadWebhookBody, "id" | "createdAt">): Promise<LeadWebhookBody> {
  const lead = await trx
    .selectFrom("leads")
    .select(["id", "name", "business", "email", "phone", "source", "service", "first_channel"])
    .where("id", "=", leadId)
    .executeTakeFirstOrThrow();
  const url = `${site.url}${routes.adminLead(lead.id)}`;
  const service = lead.service === null ? "" : ` (${leadServiceLabel(lead.service)})`;
  const via = lead.first_channel === "Unassigned" ? "via the website" : `via ${lead.first_channel}`;
  return {
    event: "lead.created",
    ...delivery,
    text: `New lead: ${lead.name}${service}, ${via} – ${url}`,
    lead: {
      id: lead.id,
      name: lead.name,
      business: lead.business,
      email: lead.email,
      phone: lead.phone,
      source: lead.source,
      service: lead.service,
      channel: lead.first_channel,
      url,
    },
  };
}

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
  const delivery = (JSON.parse(body) as Partial<LeadWebhookBody>).id ?? "";
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
