import { randomBytes, timingSafeEqual } from "node:crypto";
import ical from "ical-generator";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { getDb } from "@/server/db/connection";
import { getSetting, setSetting, setSettingIfAbsent } from "@/server/settings/settings";
import { serviceTitle } from "./booking-emails";

const FEED_TOKEN_KEY = "booking.calendar_feed_token";
const DAY_MS = 86_400_000;
/** The feed holds the last 30 days and everything ahead. */
const FEED_PAST_MS = 30 * DAY_MS;
const FOLLOW_UP_MINUTES = 15;

const newFeedToken = () => randomBytes(32).toString("base64url");

/** The feed's secret, made on first use (instances racing to make it share the winner's). */
export async function calendarFeedToken(): Promise<string> {
  return (await getSetting(FEED_TOKEN_KEY)) ?? (await setSettingIfAbsent(FEED_TOKEN_KEY, newFeedToken()));
}

/** A new secret: the old address stops working at once. */
export async function regenerateCalendarFeedToken(): Promise<string> {
  const token = newFeedToken();
  await setSetting(FEED_TOKEN_KEY, token);
  return token;
}

export function calendarFeedUrl(token: string): string {
  return `${site.url}${routes.calendarFeed(token)}`;
}

/** Whether `candidate` is the feed's secret, compared in constant time. */
export async function isCalendarFeedToken(candidate: string | undefined): Promise<boolean> {
  if (!candidate || !/^[A-Za-z0-9_-]{43}$/.test(candidate)) return false;
  const token = await getSetting(FEED_TOKEN_KEY);
  return token !== undefined && timingSafeEqual(Buffer.from(token), Buffer.from(candidate));
}

/**
 * The owner's private calendar (RFC 5545, docs/booking.md): the consultations that are not
 * cancelled, and the leads' follow-ups with a time, from 30 days back on. Each event's UID
 * is stable, so a calendar updates it in place when it re-reads the feed (Google only does
 * so every 12–24 hours: the feed is not the Today list).
 */
export async function calendarFeedIcs(now = Date.now()): Promise<string> {
  const db = await getDb();
  const from = now - FEED_PAST_MS;
  const [bookings, followUps] = await Promise.all([
    db.selectFrom("bookings").select(["id", "uid", "sequence", "lead_id", "start_at", "end_at", "status", "name", "business", "phone", "email", "service", "note"]).where("start_at", ">=", from).where("status", "!=", "cancelled").orderBy("start_at").execute(),
    db
      .selectFrom("leads")
      .select(["id", "name", "business", "phone", "next_follow_up_at"])
      .where("next_follow_up_at", "is not", null)
      .where("next_follow_up_at", ">=", from)
      .where("status", "not in", ["won", "lost", "spam"])
      .orderBy("next_follow_up_at")
      .execute(),
  ]);
  const hostname = new URL(site.url).hostname;
  const calendar = ical({ name: `${site.name}: consultations and follow-ups`, prodId: { company: site.name, product: "desk-feed", language: "EN" }, ttl: 600 });
  for (const booking of bookings) {
    calendar.createEvent({
      id: booking.uid,
      sequence: Number(booking.sequence),
      start: new Date(Number(booking.start_at)),
      end: new Date(Number(booking.end_at)),
      stamp: new Date(now),
      summary: `${booking.status === "done" ? "Done: " : booking.status === "no-show" ? "No-show: " : ""}Consultation: ${booking.name}${booking.business ? `, ${booking.business}` : ""}`,
      description: [`${booking.phone} · ${booking.email}`, `About: ${serviceTitle(booking.service)}`, booking.note ? `Note: ${booking.note}` : ""].filter(Boolean).join("\n"),
      url: `${site.url}${routes.adminLead(Number(booking.lead_id))}`,
    });
  }
  for (const lead of followUps) {
    const start = Number(lead.next_follow_up_at);
    calendar.createEvent({
      id: `follow-up-${lead.id}@${hostname}`,
      start: new Date(start),
      end: new Date(start + FOLLOW_UP_MINUTES * 60_000),
      stamp: new Date(now),
      summary: `Follow up: ${lead.name}${lead.business && lead.business !== lead.name ? `, ${lead.business}` : ""}`,
      description: lead.phone ?? "",
      url: `${site.url}${routes.adminLead(Number(lead.id))}`,
    });
  }
  return calendar.toString();
}
