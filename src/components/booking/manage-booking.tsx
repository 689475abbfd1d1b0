import { Button } from "@/components/ui/button";
import { FormOutcome } from "@/components/ui/form-outcome";
import type { BookingSummary, DayView } from "@/lib/booking/booking-view";
import { routes } from "@/lib/routes";
import { SlotPicker } from "./slot-picker";

const statusWords: Record<BookingSummary["status"], string> = { booked: "Booked", cancelled: "Cancelled", done: "Done", "no-show": "Missed" };

/** A booking as it is now, with Reschedule and Cancel as POST forms (a GET of this page changes nothing). */
export function ManageBooking({ booking, changeable, days, day, notice, error }: { booking: BookingSummary; changeable: boolean; days: DayView[]; day: string | null; notice?: string; error?: string }) {
  return (
    <div className="grid gap-6">
      <FormOutcome notice={notice} error={error} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-800" data-testid="booking-details">
        <dt className="font-medium">When</dt>
        <dd>
          <time dateTime={booking.start}>{booking.label}</time> Eastern Time <span className="text-slate-600" data-local-time={booking.start} />
        </dd>
        <dt className="font-medium">Status</dt>
        <dd data-testid="booking-status">{statusWords[booking.status]}</dd>
      </dl>
      {changeable ? (
        <>
          <form method="post" className="grid gap-4" aria-label="Reschedule">
            <h2 className="text-lg font-semibold text-slate-900">Reschedule</h2>
            <input type="hidden" name="action" value="reschedule" />
            <SlotPicker days={days} day={day} dayHref={(date) => `?day=${date}`} />
            <Button type="submit" disabled={days.length === 0}>
              Move my consultation
            </Button>
          </form>
          <form method="post" className="grid gap-3" aria-label="Cancel">
            <h2 className="text-lg font-semibold text-slate-900">Cancel</h2>
            <input type="hidden" name="action" value="cancel" />
            <Button type="submit" variant="outline">
              Cancel my consultation
            </Button>
          </form>
        </>
      ) : (
        <p className="text-slate-700">
          This booking can no longer be changed. <a href={routes.book} className="font-medium text-brand-800 underline">Book another time</a>.
        </p>
      )}
    </div>
  );
}
