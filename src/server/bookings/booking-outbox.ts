import type { Kysely } from "kysely";
import { mailConfig, mailReplyTo } from "@/server/config";
import { enqueueOutboxMessage, withdrawBookingReminders } from "@/server/mail/mail-outbox";
import type { Database } from "@/server/db/schema";
import { type BookingMessageKind, bookingMessages } from "./booking-emails";
import type { BookingRow } from "./booking-store";

const HOUR_MS = 3_600_000;
/** Reminders go this long before the consultation. */
export const REMINDER_LEADS = [
  { beforeMs: 24 * HOUR_MS, words: "tomorrow" },
  { beforeMs: HOUR_MS, words: "in one hour" },
] as const;

/**
 * Queues a booking step's e-mails through `trx`, the transaction of the change, so a
 * booking never changes without its messages (nothing when SMTP is not configured):
 * - an invitation or a move: the REQUEST to the visitor and the owner, and the reminders
 *   24 h and 1 h before that are still ahead (none whose time has passed);
 * - a cancellation: the CANCEL to both, each held until the last REQUEST to the same
 *   person has gone (`afterId`), so a calendar never gets the cancel first.
 * Every change first withdraws the reminders still queued, so none goes for a cancelled or
 * moved time. `token` is the manage link's (known only at booking and to the visitor's own
 * requests); without it the e-mail says the earlier link still works.
 */
export async function queueBookingMail(trx: Kysely<Database>, row: BookingRow, kind: Exclude<BookingMessageKind, "reminder">, token: string | null, now: number): Promise<void> {
  await withdrawBookingReminders(trx, Number(row.id), now);
  const mail = mailConfig();
  if (!mail) return;
  const settings = { from: mail.from, leadsTo: mail.leadsTo, replyTo: mailReplyTo() ?? mail.leadsTo };
  const { visitor, owner } = bookingMessages(row, kind, settings, token, now);
  const base = { refId: Number(row.id), leadId: Number(row.lead_id), now };
  const outboxKind = kind === "cancellation" ? "booking-cancellation" : "booking-invitation";
  for (const message of [visitor, owner]) {
    if (!message) continue;
    const afterId = kind === "cancellation" ? await lastInvitationTo(trx, Number(row.id), message.to) : undefined;
    await enqueueOutboxMessage(trx, { ...base, kind: outboxKind, message, afterId });
  }
  if (kind === "cancellation") return;
  for (const reminder of REMINDER_LEADS) {
    const due = Number(row.start_at) - reminder.beforeMs;
    if (due <= now) continue;
    const { visitor: message } = bookingMessages(row, "reminder", settings, token, now, reminder.words);
    await enqueueOutboxMessage(trx, { ...base, kind: "booking-reminder", message, notBefore: due });
  }
}

async function lastInvitationTo(trx: Kysely<Database>, bookingId: number, to: string): Promise<number | undefined> {
  const rows = await trx.selectFrom("mail_outbox").select(["id", "payload"]).where("kind", "=", "booking-invitation").where("ref_id", "=", bookingId).orderBy("id", "desc").execute();
  const match = rows.find((row) => (JSON.parse(row.payload) as { to?: string }).to === to);
  return match ? Number(match.id) : undefined;
}
