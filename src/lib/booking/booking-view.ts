import type { FieldErrors } from "@/lib/field-errors";

/** One slot as /book and the manage page show it: ISO start with the business's offset, and its time in words. */
export type SlotView = { start: string; label: string };

/** One day of the day list: its date, its heading, and its slots. */
export type DayView = { date: string; label: string; slots: SlotView[] };

/** What the visitor typed, kept on the page after an error. */
export type BookingFormValues = Partial<Record<"start" | "name" | "email" | "phone" | "business" | "service" | "note", string>>;

/** A booking as its confirmation and manage page show it (no internal ids beyond the booking's own). */
export type BookingSummary = {
  start: string;
  end: string;
  /** "Tue Dec 1, 10:15 AM", the business's time. */
  label: string;
  status: "booked" | "cancelled" | "done" | "no-show";
  icsUrl: string;
  googleCalendarUrl: string;
  manageUrl: string;
};

export type BookingPageState =
  | { status: "idle"; days: DayView[]; day: string | null; values: BookingFormValues }
  | { status: "invalid"; days: DayView[]; day: string | null; values: BookingFormValues; errors: FieldErrors; message: string }
  | { status: "booked"; booking: BookingSummary };
