import { site } from "@/content/site";
import { type Availability, availabilitySchema } from "@/lib/booking/availability-schema";
import { getSetting, setSetting } from "@/server/settings/settings";

const AVAILABILITY_KEY = "booking.availability";

/** What the owner starts from: the site's weekday hours, 14 days ahead, 2 hours' notice, no buffers, no cap, no feed. */
export function defaultAvailability(): Availability {
  const hours = [{ start: site.hours.regular.opens, end: site.hours.regular.closes }];
  const open = (weekday: number) => ((site.hours.regular.openDays as readonly number[]).includes(weekday) ? hours : []);
  return {
    weekly: { 1: open(1), 2: open(2), 3: open(3), 4: open(4), 5: open(5) },
    exceptions: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNotice: { kind: "hours", hours: 2 },
    maxPerDay: null,
    horizonDays: 14,
    busyFeedUrl: null,
  };
}

/** The owner's availability, or the defaults until they save one (a stored value that no longer parses is ignored too). */
export async function loadAvailability(): Promise<Availability> {
  const stored = await getSetting(AVAILABILITY_KEY);
  if (stored === undefined) return defaultAvailability();
  const parsed = availabilitySchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : defaultAvailability();
}

export async function saveAvailability(availability: Availability): Promise<void> {
  await setSetting(AVAILABILITY_KEY, JSON.stringify(availability));
}

export const BOOKING_TIME_ZONE = site.hours.regular.timeZone;
