import type { DayView } from "@/lib/booking/booking-view";
import { cn } from "@/lib/cn";

/**
 * The day list and the chosen day's 15-minute slots, rendered on the server: the days are
 * links (`?day=`), the slots radio buttons of the form, so choosing works without scripts.
 * Each time is the business's; local-times.ts adds the visitor's own beside it when their
 * zone differs.
 */
export function SlotPicker({ days, day, selected, error, dayHref }: { days: DayView[]; day: string | null; selected?: string; error?: string; dayHref: (date: string) => string }) {
  const current = days.find((candidate) => candidate.date === day);
  return (
    <fieldset className="grid gap-4" aria-describedby={error ? "start-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Pick a day and a time (Eastern Time)</legend>
      <nav aria-label="Days">
        <ul className="flex gap-2 overflow-x-auto pb-1" data-testid="day-list">
          {days.map((candidate) => (
            <li key={candidate.date}>
              <a
                href={dayHref(candidate.date)}
                aria-current={candidate.date === day ? "date" : undefined}
                className={cn(
                  "block rounded-md border px-3 py-2 text-sm whitespace-nowrap",
                  candidate.date === day ? "border-brand-700 bg-brand-700 text-white" : "border-border bg-white text-slate-800 hover:border-brand-700",
                )}
              >
                {candidate.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="slot-list" aria-label={`Times on ${current.label}`}>
          {current.slots.map((slot) => (
            <li key={slot.start}>
              <label className="flex cursor-pointer flex-col rounded-md border border-border bg-white px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <span className="flex items-center gap-2">
                  <input type="radio" name="start" value={slot.start} defaultChecked={slot.start === selected} required />
                  <span className="font-medium text-slate-900">{slot.label}</span>
                </span>
                <span className="text-xs text-slate-600" data-local-time={slot.start} />
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No times are open in the next days. Please call us or send a request.</p>
      )}
      {error && (
        <p id="start-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
