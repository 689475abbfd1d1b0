import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";

/** What an invitation or a feed entry says about one consultation. */
export interface CalendarBooking {
  uid: string;
  sequence: number;
  start: number;
  end: number;
  name: string;
  email: string;
  summary: string;
  description: string;
  /** The private manage link (visitor's copy) or the lead's desk page (owner's). */
  url: string | null;
}

const PROD_ID = { company: site.name, product: "consultations", language: "EN" };

/** The address in a From header like `Saluda Ridge <hello@example.com>`. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * An iTIP message (RFC 5546) for one consultation: METHOD:REQUEST for an invitation or a
 * move, METHOD:CANCEL for a cancellation. ORGANIZER is the business (MAIL_FROM), the
 * visitor an ATTENDEE with RSVP=TRUE; the UID never changes, SEQUENCE is the booking's
 * (raised on a time change and on cancellation only). Times are written in UTC, which
 * every calendar shows in its own zone.
 */
export function invitationIcs(booking: CalendarBooking, method: "REQUEST" | "CANCEL", organizerFrom: string, now: number): string {
  const calendar = ical({ prodId: PROD_ID, method: method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL });
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    stamp: new Date(now),
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: booking.summary,
    description: booking.description,
    location: `Phone call: ${site.phone.display}`,
    url: booking.url,
    status: method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: site.name, email: addressOf(organizerFrom) },
    attendees: [{ name: booking.name, email: booking.email, rsvp: true, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION }],
  });
  return calendar.toString();
}

/** The .ics the confirmation page offers: the same event, published rather than sent (no METHOD a calendar would answer). */
export function downloadIcs(booking: CalendarBooking): string {
  const calendar = ical({ prodId: PROD_ID, name: `${site.name} consultation` });
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: booking.summary,
    description: booking.description,
    location: `Phone call: ${site.phone.display}`,
    url: booking.url,
  });
  return calendar.toString();
}

/** "Add to Google Calendar": Google's documented event-template URL, no API involved. */
export function googleCalendarUrl(booking: Pick<CalendarBooking, "start" | "end" | "summary" | "description">): string {
  const stamp = (instant: number) => new Date(instant).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: booking.summary,
    dates: `${stamp(booking.start)}/${stamp(booking.end)}`,
    details: booking.description,
    location: `Phone call: ${site.phone.display}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function manageUrlOf(token: string): string {
  return `${site.url}${routes.bookingManage(token)}`;
}
