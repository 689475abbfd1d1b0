import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { leadEmailsPerHour, leadWebhookConfig, mailConfig, outboxPollMs } from "@/server/config";
import { claimOutboxBatch, EMAIL_OUTBOX_KINDS, gatherDueDigest, listenForOutboxKicks, markOutboxFailed, markOutboxRetry, markOutboxSent, OutboxGiveUp, type OutboxItem, type OutboxKind } from "@/server/mail/mail-outbox";
import { postLeadWebhook } from "@/server/mail/lead-webhook";
import { sendLeadPush } from "./lead-push";
import { buildLeadDigestEmail, DIGEST_LIST_MAX } from "./lead-digest-email";

/** Retries back off from 5 s up to an hour; after this many attempts a message is marked failed. */
export const OUTBOX_MAX_ATTEMPTS = 25;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
const LEASE_MS = 60_000;
const BATCH_SIZE = 20;

const workerId = `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<OutboxRunResult> | undefined;
let queued = false;
/** A kick whose run has not started yet: stopping the worker cancels it, so no run opens the database after a stop. */
let kick: NodeJS.Immediate | undefined;

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts));
}

function getTransporter(smtpUrl: string): Transporter {
  if (!transporter || transporterUrl !== smtpUrl) {
    transporter = nodemailer.createTransport(smtpUrl);
    transporterUrl = smtpUrl;
  }
  return transporter;
}

/** Sends one message: an e-mail through SMTP, a `webhook` by HTTP POST, a `push` to a push service. Throws to retry (OutboxGiveUp: not). */
type Send = (item: OutboxItem) => Promise<unknown>;

function sendMail(transport: Transporter): Send {
  return (item) =>
    transport.sendMail({
      from: item.payload.from,
      to: item.payload.to,
      replyTo: item.payload.replyTo,
      subject: item.payload.subject,
      text: item.payload.text,
      html: item.payload.html,
      icalEvent: item.payload.icalEvent ? { method: item.payload.icalEvent.method, content: item.payload.icalEvent.content, filename: "invite.ics" } : undefined,
      attachments: item.payload.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.contentBase64, encoding: "base64" })),
    });
}

async function deliver(item: OutboxItem, send: Send): Promise<"sent" | "retried" | "failed"> {
  try {
    await send(item);
    await markOutboxSent(item.id, workerId);
    return "sent";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = item.attempts + 1;
    if (attempts >= OUTBOX_MAX_ATTEMPTS || error instanceof OutboxGiveUp) {
      await markOutboxFailed(item.id, workerId, message);
      return "failed";
    }
    await markOutboxRetry(item.id, workerId, message, Date.now() + retryDelayMs(item.attempts));
    return "retried";
  }
}

/**
 * Gathers the held notifications of an hour that has ended into one digest, then claims
 * due messages (the digest among them) and sends them; safe to run in every instance at once.
 */
export async function runOutboxOnce(): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
  const mail = mailConfig();
  const webhook = leadWebhookConfig();
  if (mail) await gatherDueDigest((digest) => buildLeadDigestEmail(digest, mail, leadEmailsPerHour()), DIGEST_LIST_MAX);
  const sendEmail = mail ? sendMail(getTransporter(mail.smtpUrl)) : undefined;
  const postWebhook: Send | undefined = webhook ? (item) => postLeadWebhook(item.payloadText, webhook) : undefined;
  // Push needs no configuration: its VAPID keys are generated when missing (src/server/push/vapid-keys.ts).
  const sendPush: Send = (item) => sendLeadPush(item.payloadText, item.refId);
  // What is not configured stays pending (e-mails without SMTP), for when it is.
  const kinds: OutboxKind[] = [...(mail ? EMAIL_OUTBOX_KINDS : []), ...(webhook ? (["webhook"] as const) : []), "push"];
  for (;;) {
    const batch = await claimOutboxBatch(workerId, BATCH_SIZE, LEASE_MS, Date.now(), kinds);
    if (batch.length === 0) break;
    for (const item of batch) result[await deliver(item, (item.kind === "push" ? sendPush : item.kind === "webhook" ? postWebhook : sendEmail)!)] += 1;
    if (batch.length < BATCH_SIZE) break;
  }
  return result;
}

/**
 * Runs the outbox after any run already in progress: the promise settles on a run
 * that started after the call, so a caller sees every message queued before it.
 * Errors are logged and left for the next tick.
 */
export function drainOutbox(): Promise<OutboxRunResult> {
  const next = (running ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      queued = false;
      return runOutboxOnce();
    })
    .catch((error: unknown) => {
      console.error("[outbox] run failed:", error instanceof Error ? error.message : error);
      return { sent: 0, retried: 0, failed: 0 };
    });
  running = next;
  void next.finally(() => {
    if (running === next) running = undefined;
  });
  return next;
}

/** A run soon after something is queued (mail-outbox.ts's `kickOutbox`), while the worker runs. */
function kickRun(): void {
  if (queued) return;
  queued = true;
  kick = setImmediate(() => {
    kick = undefined;
    void drainOutbox();
  });
}

/** Always runs: a push to the owner's devices needs no configuration, so there may always be something to send. */
export function startOutboxWorker(): void {
  if (timer) return;
  timer = setInterval(() => void drainOutbox(), outboxPollMs());
  timer.unref();
  listenForOutboxKicks(kickRun);
  void drainOutbox();
}

export async function stopOutboxWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  listenForOutboxKicks(undefined);
  if (kick) clearImmediate(kick);
  kick = undefined;
  queued = false;
  await running;
  transporter?.close();
  transporter = undefined;
}
