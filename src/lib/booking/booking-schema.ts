// zod/mini, as the other public forms: the same rules in a small browser bundle.
import * as z from "zod/mini";
import "@/lib/validation/zod-config";
import { services } from "@/content/services";
import { site } from "@/content/site";
import { LIMITS } from "@/lib/validation/limits";
import { emailField, textField } from "@/lib/validation/text-field";

export const BOOKING_HONEYPOT_FIELD = "website";

/** A consultation lasts this long, and slots are this far apart. */
export const CONSULTATION_MINUTES = site.consultationMinutes;

/** The service slugs a visitor may say the consultation is about (src/content/services.ts). */
export const bookingServiceValues = services.map((service) => service.slug) as [string, ...string[]];

/** An instant as the slots API gives it: ISO 8601 with a UTC offset or Z, to the minute or second. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const slotStartField = z.pipe(
  z.string({ error: "Please pick a time." }).check(z.regex(ISO_INSTANT, "Please pick a time.")),
  z.transform((value) => new Date(value).toISOString()),
);

/** §Booking: one schema for the /book form, its no-script post and POST /api/bookings. */
export const bookingSchema = z.object({
  start: slotStartField,
  name: textField(
    "Name must be at least 2 characters.",
    z.minLength(2, "Name must be at least 2 characters."),
    z.maxLength(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters.`),
  ),
  email: emailField("Please enter a valid email address.", LIMITS.emailMax),
  phone: textField(
    "Please enter a valid phone number.",
    z.minLength(10, "Please enter a valid phone number."),
    z.maxLength(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters.`),
  ),
  business: z.optional(textField("Business must be text.", z.maxLength(LIMITS.nameMax, `Business must be at most ${LIMITS.nameMax} characters.`))),
  service: z.enum(bookingServiceValues, { error: "Please choose what the consultation is about." }),
  note: z.optional(textField("The note must be text.", z.maxLength(LIMITS.messageMax, `The note must be at most ${LIMITS.messageMax} characters.`))),
  /** Honeypot: invisible to people; anything here marks the booking as a bot's. */
  [BOOKING_HONEYPOT_FIELD]: z.optional(textField("Must be text", z.maxLength(LIMITS.honeypotMax))),
});

export type BookingInput = z.input<typeof bookingSchema>;
export type BookingData = z.output<typeof bookingSchema>;

export const rescheduleSchema = z.object({ start: slotStartField });

export type BookingStatus = "booked" | "cancelled" | "done" | "no-show";
export const BOOKING_STATUSES: readonly BookingStatus[] = ["booked", "cancelled", "done", "no-show"];

/** The owner's change to a booking from the desk. */
export const adminBookingPatchSchema = z.object({
  status: z.optional(z.enum(["done", "no-show", "cancelled"], { error: "Status must be done, no-show or cancelled." })),
  start: z.optional(slotStartField),
});
