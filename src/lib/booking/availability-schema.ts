import * as z from "zod/mini";
import "@/lib/validation/zod-config";

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const clockTime = z.string({ error: "Use a time like 08:30." }).check(z.regex(CLOCK_TIME, "Use a time like 08:30."));

/** Hours within one day, "HH:MM" to "HH:MM" in the business's zone. */
export const hoursSchema = z
  .object({ start: clockTime, end: clockTime })
  .check(z.refine((hours) => hours.start < hours.end, { message: "The end must be after the start.", path: ["end"] }));

/** A date whose hours differ from the week's: none is a day off, some are that day's hours instead. */
export const availabilityExceptionSchema = z.object({
  date: z.string({ error: "Use a date like 2026-12-24." }).check(z.regex(ISO_DATE, "Use a date like 2026-12-24.")),
  hours: z.array(hoursSchema).check(z.maxLength(4, "At most 4 ranges of hours a day.")),
});

/** A number of hours before a slot, or "not today": nothing on the day itself. */
export const minimumNoticeSchema = z.union([
  z.object({ kind: z.literal("hours"), hours: z.number({ error: "Notice must be a number of hours." }).check(z.int(), z.minimum(0), z.maximum(24 * 14)) }),
  z.object({ kind: z.literal("not-today") }),
]);

const minutes = (label: string) => z.number({ error: `${label} must be a number of minutes.` }).check(z.int(), z.minimum(0, `${label} cannot be negative.`), z.maximum(240, `${label} is at most 240 minutes.`));

/**
 * The owner's availability (GET/PUT /api/admin/availability, /admin/availability). Weekly
 * hours are per ISO weekday 1–5 (Monday–Friday); weekends stay "by appointment" and are
 * never bookable online, so they have no hours here.
 */
export const availabilitySchema = z.object({
  weekly: z.object({
    1: z.array(hoursSchema),
    2: z.array(hoursSchema),
    3: z.array(hoursSchema),
    4: z.array(hoursSchema),
    5: z.array(hoursSchema),
  }),
  exceptions: z.array(availabilityExceptionSchema).check(z.maxLength(366, "At most 366 exceptions.")),
  bufferBeforeMinutes: minutes("The buffer before"),
  bufferAfterMinutes: minutes("The buffer after"),
  minimumNotice: minimumNoticeSchema,
  /** Most consultations on one day; null for no cap. */
  maxPerDay: z.nullable(z.number({ error: "The cap must be a number." }).check(z.int(), z.minimum(1, "The cap is at least 1."), z.maximum(40))),
  /** How many days ahead, today included, visitors can book. */
  horizonDays: z.number({ error: "Days ahead must be a number." }).check(z.int(), z.minimum(1, "At least 1 day ahead."), z.maximum(90, "At most 90 days ahead.")),
  /** The owner's secret iCalendar address whose events are busy times; null for none. */
  busyFeedUrl: z.nullable(z.string().check(z.trim(), z.maxLength(2000, "The address is too long."), z.url({ message: "Enter the calendar's full address." }))),
});

export type Availability = z.output<typeof availabilitySchema>;
export type BookingWeekday = keyof Availability["weekly"];
export const BOOKING_WEEKDAYS: readonly BookingWeekday[] = [1, 2, 3, 4, 5];
