import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { formatConsultationTime } from "@/lib/booking/consultation-time";
import { routes } from "@/lib/routes";

type SlotsAnswer = { slots: { start: string }[] };

/**
 * The owner's Move: the times /book offers now (the same slot engine, so the server accepts
 * what is listed here), as one native select that works at 375 px. Read fresh each time the
 * form opens: the slots change as visitors book.
 */
export function MoveBookingForm({ current, pending, onMove, onClose }: { current: string; pending: boolean; onMove: (start: string) => void; onClose: () => void }) {
  const id = useId();
  const slots = useQuery<SlotsAnswer>({ queryKey: [routes.bookingSlots], staleTime: 0, gcTime: 0 });
  const [start, setStart] = useState("");
  const choices = (slots.data?.slots ?? []).filter((slot) => Date.parse(slot.start) !== Date.parse(current));
  return (
    <form
      aria-label="Move the consultation"
      className="grid w-full gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (start) onMove(start);
      }}
    >
      {slots.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          Loading the open times...
        </p>
      ) : slots.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The open times could not be loaded.
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-start`} className="text-sm font-medium text-slate-800">
            New time (Eastern Time)
          </label>
          <select id={`${id}-start`} required value={start} onChange={(event) => setStart(event.target.value)} className={inputClass}>
            <option value="">{choices.length === 0 ? "No open times in the next days" : "Pick a time"}</option>
            {choices.map((slot) => (
              <option key={slot.start} value={slot.start}>
                {formatConsultationTime(slot.start)}
              </option>
            ))}
          </select>
        </>
      )}
      <span className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending || !start}>
          Move and tell the visitor
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Keep the time
        </Button>
      </span>
    </form>
  );
}
