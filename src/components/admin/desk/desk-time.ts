/** Times on the desk, in the owner's own locale and time zone (the desk renders in the browser only). */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric" });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** Seconds from `iso` until `now` (ms). */
export function secondsSince(iso: string, now: number): number {
  return Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
}

/** Follow-ups are due at 9:00 in the morning of the chosen day, the owner's time, unless another time is chosen. */
export const FOLLOW_UP_TIME = "09:00";

/** A time input's HH:MM as hours and minutes; 9:00 when it is not a time. */
function hoursAndMinutes(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  return match && hours < 24 && minutes < 60 ? [hours, minutes] : [9, 0];
}

/** The follow-up choices offered after a call and on the lead, as ISO date-times. */
export function followUpInDays(days: number, from = new Date(), time = FOLLOW_UP_TIME): string {
  const due = new Date(from);
  due.setDate(due.getDate() + days);
  due.setHours(...hoursAndMinutes(time), 0, 0);
  return due.toISOString();
}

/** A date input's YYYY-MM-DD at `time` that day, or null when it is not a date. */
export function followUpOn(date: string, time = FOLLOW_UP_TIME): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const due = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), ...hoursAndMinutes(time));
  return Number.isNaN(due.getTime()) ? null : due.toISOString();
}

/** Today as YYYY-MM-DD in the owner's time zone (the date input's minimum). */
export function localDateInput(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const followUpPresets = [
  { label: "Tomorrow", days: 1 },
  { label: "In 3 days", days: 3 },
  { label: "Next week", days: 7 },
] as const;
