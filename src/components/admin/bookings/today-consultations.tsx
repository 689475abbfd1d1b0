import { useQuery } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { Card } from "@/components/ui/card";
import { adminApi } from "@/lib/admin-api";
import { CONSULTATION_TIME_ZONE, formatConsultationTime } from "@/lib/booking/consultation-time";
import { routes } from "@/lib/routes";
import { bookingStatusLabels } from "./booking-status-labels";

type AdminBooking = { id: number; start: string; status: "booked" | "cancelled" | "done" | "no-show"; leadId: number; name: string; business: string | null; phone: string };

/** Today's date in the business's zone, YYYY-MM-DD (the bookings API reads days there). */
function businessDate(now: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: CONSULTATION_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The day's consultations on Today, at their times, each leading to its lead. */
export function TodayConsultations({ now }: { now: number }) {
  const day = businessDate(now);
  const bookings = useQuery<{ items: AdminBooking[] }>({ queryKey: [adminApi.bookings(day, day)] });
  const items = (bookings.data?.items ?? []).filter((booking) => booking.status !== "cancelled");
  return (
    <section aria-labelledby="today-consultations">
      <h2 id="today-consultations" className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" /> Consultations today
      </h2>
      <Card className="p-4 sm:p-6">
        {bookings.isPending ? (
          <p role="status" className="text-slate-700">
            Loading the consultations...
          </p>
        ) : items.length === 0 ? (
          <p className="text-slate-700">No consultations booked for today.</p>
        ) : (
          <ul className="grid gap-3" data-testid="today-consultations">
            {items.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={routes.adminLead(booking.leadId)} className="font-medium text-brand-800 underline">
                  {formatConsultationTime(booking.start).split(", ").at(-1)} · {booking.name}
                  {booking.business ? `, ${booking.business}` : ""}
                </a>
                <span className="text-sm text-slate-600">{bookingStatusLabels[booking.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
