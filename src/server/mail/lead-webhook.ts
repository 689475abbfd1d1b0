import { createHmac, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { site } from "@/content/site";
import { leadServiceLabel } from "@/lib/lead-services";
import { routes } from "@/lib/routes";
import { type LeadWebhookConfig, leadWebhookConfig, leadWebhookContactDetails, leadWebhookPerHour } from "@/server/config";
import { enqueueWebhook } from "@/server/mail/mail-outbox";
import { consumeRateLimit } from "@/server/rate-limits/rate-limits";
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

/** The window LEAD_WEBHOOK_PER_HOUR counts in; the summary of the leads past it is posted when it ends. */
export const WEBHOOK_WINDOW_MS = 60 * 60 * 1000;

/** The body of the one post that stands for the leads past LEAD_WEBHOOK_PER_HOUR in an hour. */
export type LeadWebhookSummaryBody = { event: "leads.summary"; id: string; createdAt: string; text: string; count: number; url: string };

/**
 * Queues the webhook of a lead created by `trx`, when a webhook is configured; nothing
 * otherwise. The body is stored as it will be posted (no secret in it: the signature is
 * made at each attempt). Within LEAD_WEBHOOK_PER_HOUR (all instances together, one
 * counter in the rate-limit table) the lead gets a post of its own; past it, it is counted
 * in the hour's one summary post, queued for when the hour ends, so a flood of leads
 * cannot flood the owner's chat. Returns whether anything was queued or counted.
 */
export async function queueLeadWebhook(trx: Kysely<Database>, leadId: number, now: number, config = leadWebhookConfig()): Promise<boolean> {
  if (!config) return false;
  const hit = await consumeRateLimit(WEBHOOK_COUNTER, leadWebhookPerHour(), WEBHOOK_WINDOW_MS, now, trx);
  if (!hit.allowed) {
    await countInSummary(trx, now + hit.retryAfterSeconds * 1000, now);
    return true;
  }
  const body = await leadWebhookBody(trx, leadId, { id: randomUUID(), createdAt: new Date(now).toISOString() });
  await enqueueWebhook(trx, { leadId, body: JSON.stringify(body), now });
  return true;
}

const WEBHOOK_COUNTER = "lead-webhooks";

/** Adds one lead to the summary post due at `windowEnd`, queueing it with the first. */
async function countInSummary(trx: Kysely<Database>, windowEnd: number, now: number): Promise<void> {
  const pending = await trx
    .selectFrom("mail_outbox")
    .select(["id", "payload"])
    .where("kind", "=", "webhook")
    .where("lead_id", "is", null)
    .where("status", "=", "pending")
    .where("attempts", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const leadsUrl = `${site.url}${routes.adminLeads}`;
  const summary = (count: number, delivery: Pick<LeadWebhookSummaryBody, "id" | "createdAt">): LeadWebhookSummaryBody => ({
    event: "leads.summary",
    ...delivery,
    text: `${count} more new ${count === 1 ? "lead" : "leads"} in the last hour – ${leadsUrl}`,
    count,
    url: leadsUrl,
  });
  if (pending) {
    const body = JSON.parse(pending.payload) as LeadWebhookSummaryBody;
    await trx.updateTable("mail_outbox").set({ payload: JSON.stringify(summary(body.count + 1, body)) }).where("id", "=", pending.id).execute();
    return;
  }
  const body = summary(1, { id: randomUUID(), createdAt: new Date(now).toISOString() });
  await enqueueWebhook(trx, { leadId: null, body: JSON.stringify(body), now, sendAt: windowEnd });
}

/**
 * Visitor text as a Slack-style incoming webhook shows it: no control characters or line
 * breaks (bidi controls and line separators included), and `&`, `<` and `>` escaped so
 * that `<!channel>` or `<https://evil.example|…>` is shown as typed, never as a ping or a link.
 */
export function chatText(value: string): string {
  return flatText(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One line of plain text: control and format characters that could break or reorder it removed. */
export function flatText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim();
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
  // The address and phone go to a chat tool only when the owner opted in: the link is enough.
  const contact = leadWebhookContactDetails();
  return {
    event: "lead.created",
    ...delivery,
    text: `New lead: ${chatText(`${lead.name}${service}, ${via}`)} – ${url}`,
    lead: {
      id: lead.id,
      name: flatText(lead.name),
      business: lead.business === null ? null : flatText(lead.business),
      email: contact ? lead.email : null,
      phone: contact ? lead.phone : null,
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
