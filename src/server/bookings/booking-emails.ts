import { site } from "@/content/site";
import { services } from "@/content/services";
import { CONSULTATION_ZONE_LABEL, formatConsultationTime } from "@/lib/booking/consultation-time";
import { routes } from "@/lib/routes";
import type { OutboxMessage } from "@/server/mail/mail-outbox";
import { escapeHtml } from "@/server/mail/escape-html";
import { type CalendarBooking, invitationIcs, manageUrlOf } from "./booking-calendar";
import type { BookingRow } from "./booking-store";

export type MailSettings = { from: string; leadsTo: string; replyTo: string };

export function serviceTitle(slug: string): string {
  return services.find((service) => service.slug === slug)?.title ?? slug;
}

export const CONSULTATION_SUMMARY = `15-minute consultation with ${site.name}`;

function calendarBooking(row: BookingRow, url: string | null, forOwner: boolean): CalendarBooking {
  const about = serviceTitle(row.service);
  const description = forOwner
    ? [`${row.name}${row.business ? ` (${row.business})` : ""}`, `${row.email} · ${row.phone}`, `About: ${about}`, row.note ? `Note: ${row.note}` : "", url ? `Lead: ${url}` : ""].filter(Boolean).join("\n")
    : [`We will call you at ${row.phone}.`, `About: ${about}`, url ? `Reschedule or cancel: ${url}` : ""].filter(Boolean).join("\n");
  return {
    uid: row.uid,
    sequence: Number(row.sequence),
    start: Number(row.start_at),
    end: Number(row.end_at),
    name: row.name,
    email: row.email,
    summary: forOwner ? `Consultation: ${row.name}${row.business ? `, ${row.business}` : ""}` : CONSULTATION_SUMMARY,
    description,
    url,
  };
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => (line === "" ? "" : `<p>${escapeHtml(line)}</p>`)).join("\n");
}

export type BookingMessageKind = "invitation" | "moved" | "cancellation" | "reminder";

/**
 * The e-mails of one step of a booking (docs/booking.md): to the visitor with their private
 * manage link, and to the owner with the lead's desk page. Invitations, moves and
 * cancellations carry the iTIP part calendars act on; a reminder is plain text.
 */
export function bookingMessages(row: BookingRow, kind: BookingMessageKind, mail: MailSettings, token: string | null, now: number, reminderLead?: string): { visitor: OutboxMessage; owner: OutboxMessage | null } {
  const time = `${formatConsultationTime(Number(row.start_at))} (${CONSULTATION_ZONE_LABEL})`;
  const manageUrl = token ? manageUrlOf(token) : null;
  const leadUrl = `${site.url}${routes.adminLead(Number(row.lead_id))}`;
  const method = kind === "cancellation" ? "CANCEL" : "REQUEST";
  const visitorSubject = {
    invitation: `Your consultation with ${site.name}: ${time}`,
    moved: `Your consultation with ${site.name} moved to ${time}`,
    cancellation: `Cancelled: your consultation with ${site.name} on ${time}`,
    reminder: `Reminder: your consultation with ${site.name} ${reminderLead ?? ""}, ${time}`.replace(/ {2,}/g, " "),
  }[kind];
  const opening = {
    invitation: `Your 15-minute consultation is booked for ${time}. We will call you at ${row.phone}.`,
    moved: `Your 15-minute consultation now takes place on ${time}. We will call you at ${row.phone}.`,
    cancellation: `Your consultation on ${time} is cancelled. You are welcome to book another time at ${site.url}${routes.book}.`,
    reminder: `This is a reminder of your 15-minute consultation on ${time}. We will call you at ${row.phone}.`,
  }[kind];
  const visitorLines = [
    `Hello ${row.name},`,
    "",
    opening,
    `About: ${serviceTitle(row.service)}`,
    ...(kind === "cancellation" ? [] : ["", manageUrl ? `To reschedule or cancel, open your private link: ${manageUrl}` : "To reschedule or cancel, open the private link in your first e-mail: it still works."]),
    "",
    `${site.name} · ${site.phone.display} · ${site.email}`,
  ];
  const withCalendar = (message: OutboxMessage, forOwner: boolean): OutboxMessage =>
    kind === "reminder" ? message : { ...message, icalEvent: { method, content: invitationIcs(calendarBooking(row, forOwner ? leadUrl : manageUrl, forOwner), method, mail.from, now) } };
  const visitor = withCalendar({ to: row.email, from: mail.from, replyTo: mail.replyTo, subject: visitorSubject, text: visitorLines.join("\n"), html: paragraphs(visitorLines) }, false);
  if (kind === "reminder") return { visitor, owner: null };
  const ownerSubject = { invitation: "Consultation booked", moved: "Consultation moved", cancellation: "Consultation cancelled" }[kind];
  const ownerLines = [
    `${ownerSubject}: ${row.name}${row.business ? ` (${row.business})` : ""}, ${time}.`,
    `${row.email} · ${row.phone}`,
    `About: ${serviceTitle(row.service)}`,
    ...(row.note ? [`Note: ${row.note}`] : []),
    "",
    `On the desk: ${leadUrl}`,
  ];
  const owner = withCalendar({ to: mail.leadsTo, from: mail.from, replyTo: row.email, subject: `${ownerSubject}: ${row.name}, ${time}`, text: ownerLines.join("\n"), html: paragraphs(ownerLines) }, true);
  return { visitor, owner };
}
