import { site } from "@/content/site";

/** The zone every consultation time is read in: the business's. */
export const CONSULTATION_TIME_ZONE = site.hours.regular.timeZone;

const parts = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hourCycle: "h12" });
const businessParts = parts(CONSULTATION_TIME_ZONE);

/** "Tue Dec 1, 10:15 AM": a consultation's time as the business reads it (timeline, e-mails, pages). */
export function formatConsultationTime(instant: string | number | Date, format: Intl.DateTimeFormat = businessParts): string {
  const byType = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${byType.weekday} ${byType.month} ${byType.day}, ${byType.hour}:${byType.minute} ${byType.dayPeriod}`;
}

/** The same, in another zone (the visitor's own, beside the business's). */
export function formatConsultationTimeIn(instant: string | number | Date, timeZone: string): string {
  return formatConsultationTime(instant, parts(timeZone));
}

/** "Eastern Time" for the business's zone: what the pages and e-mails say the times are in. */
export const CONSULTATION_ZONE_LABEL = "Eastern Time (New York)";

const headlines = { booked: "Consultation booked for", moved: "Consultation moved to", cancelled: "Consultation cancelled (was", done: "Consultation done:", "no-show": "No-show for the consultation of" } as const;

/** The lead timeline's line for a consultation's step: "Consultation booked for Tue Dec 1, 10:15 AM". */
export function consultationHeadline(action: keyof typeof headlines, start: string): string {
  const time = formatConsultationTime(start);
  return action === "cancelled" ? `${headlines.cancelled} ${time})` : `${headlines[action]} ${time}`;
}
