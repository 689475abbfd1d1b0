import type { FollowUpSnooze } from "@/lib/lead-desk";
import { businessDate, nextDate, startOfBusinessDay } from "@/server/business-time";

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a snoozed follow-up is due: an hour from now; or tomorrow, or a week after today, at
 * the follow-up's own time of day in the business's zone (a 14:30 meeting stays at 14:30).
 */
export function snoozedUntil(snooze: FollowUpSnooze, dueAt: number, now: number): number {
  if (snooze === "hour") return now + HOUR_MS;
  const timeOfDay = dueAt - startOfBusinessDay(businessDate(dueAt));
  let day = businessDate(now);
  for (let step = 0; step < (snooze === "tomorrow" ? 1 : 7); step++) day = nextDate(day);
  return startOfBusinessDay(day) + timeOfDay;
}
