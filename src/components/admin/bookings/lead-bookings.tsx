import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { formatConsultationTime } from "@/lib/booking/consultation-time";
import type { LeadBooking } from "@/lib/lead-desk";
import { useNow } from "../desk/use-now";
import { bookingStatusLabels } from "./booking-status-labels";
import { MoveBookingForm } from "./move-booking-form";

type Change = { id: number; patch: { status: "done" | "no-show" | "cancelled" } | { start: string } };

/**
 * A lead's consultations on its page: after the meeting the owner marks it Done or No-show;
 * before it, Move and Cancel tell the visitor (the updated invitation, or a CANCEL, that
 * their calendar understands: the same paths as the visitor's own manage page).
 */
export function LeadBookings({ leadId, bookings }: { leadId: number; bookings: LeadBooking[] }) {
  const queryClient = useQueryClient();
  const now = useNow();
  const [moving, setMoving] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: async ({ id, patch }: Change) => apiRequest("PATCH", adminApi.booking(id), patch),
    onSuccess: () => setMoving(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [adminApi.lead(leadId)] }),
  });
  if (bookings.length === 0) return null;
  const failure = change.error instanceof ApiError ? (change.error.json()?.error ?? change.error.message) : null;
  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="lead-bookings">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <CalendarDays aria-hidden="true" className="size-5 text-brand-700" /> Consultations
      </h2>
      <ul className="grid gap-3">
        {bookings.map((booking) => {
          const started = new Date(booking.start).getTime() <= now;
          return (
            <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
              <span>
                <time dateTime={booking.start} className="font-medium text-slate-900">
                  {formatConsultationTime(booking.start)}
                </time>{" "}
                <span className="text-sm text-slate-600">({bookingStatusLabels[booking.status]})</span>
              </span>
              {booking.status === "booked" && (
                <span className="flex gap-2">
                  {started ? (
                    <>
                      <Button size="sm" disabled={change.isPending} onClick={() => change.mutate({ id: booking.id, patch: { status: "done" } })}>
                        Done
                      </Button>
                      <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => change.mutate({ id: booking.id, patch: { status: "no-show" } })}>
                        No-show
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button size="sm" variant="outline" disabled={change.isPending} aria-expanded={moving === booking.id} onClick={() => setMoving(moving === booking.id ? null : booking.id)}>
                        Move
                      </Button>
                      <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => change.mutate({ id: booking.id, patch: { status: "cancelled" } })}>
                        Cancel
                      </Button>
                    </>
                  )}
                </span>
              )}
              {booking.status === "booked" && !started && moving === booking.id && (
                <MoveBookingForm current={booking.start} pending={change.isPending} onMove={(start) => change.mutate({ id: booking.id, patch: { start } })} onClose={() => setMoving(null)} />
              )}
            </li>
          );
        })}
      </ul>
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
    </Card>
  );
}
