import type { LeadBooking } from "@/lib/lead-desk";

export const bookingStatusLabels: Record<LeadBooking["status"], string> = { booked: "Booked", cancelled: "Cancelled", done: "Done", "no-show": "No-show" };
