import { CalendarPlus, CircleCheck, Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import type { BookingSummary } from "@/lib/booking/booking-view";
import { site } from "@/content/site";

/** What a visitor sees once booked: the time, an .ics download, "Add to Google Calendar" and the private manage link. */
export function BookingConfirmation({ booking }: { booking: BookingSummary }) {
  return (
    <div className="grid gap-5" data-testid="booking-confirmation">
      <div role="status" className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <strong className="block">Your consultation is booked</strong>
          <p>
            <time dateTime={booking.start}>{booking.label}</time> Eastern Time <span data-local-time={booking.start} />. We will call you for {site.consultationMinutes} minutes.
            An invitation is on its way to your inbox.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <a href={booking.icsUrl} download="consultation.ics" className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" className="size-4" /> Download .ics
        </a>
        <a href={booking.googleCalendarUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
          <CalendarPlus aria-hidden="true" className="size-4" /> Add to Google Calendar
        </a>
      </div>
      <p className="text-sm text-slate-700">
        To reschedule or cancel, use <a href={booking.manageUrl} className="font-medium text-brand-800 underline">your private booking page</a> (the link is in
        your e-mail too).
      </p>
    </div>
  );
}
