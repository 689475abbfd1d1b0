import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/form-field";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import { type Availability, BOOKING_WEEKDAYS, type BookingWeekday } from "@/lib/booking/availability-schema";
import { cn } from "@/lib/cn";
import { AuthRequired } from "../shared/auth-required";

type AvailabilityAnswer = { availability: Availability; busyFeed: { readAt: string | null; events: number; error: string | null } };
const weekdayNames: Record<BookingWeekday, string> = { 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday" };

/** /admin/availability: the hours, exceptions and limits /book offers slots from, the busy calendar and the private feed (docs/booking.md). */
export function AvailabilityScreen() {
  const answer = useQuery<AvailabilityAnswer>({ queryKey: [adminApi.availability] });
  if (answer.isError) return <AuthRequired />;
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Availability</h1>
      {answer.isPending ? (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading the availability...
        </p>
      ) : (
        <AvailabilityForm initial={answer.data} />
      )}
      <CalendarFeedCard />
    </div>
  );
}

function AvailabilityForm({ initial }: { initial: AvailabilityAnswer }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Availability>(initial.availability);
  const save = useMutation({
    mutationFn: async (availability: Availability) => (await apiRequest("PUT", adminApi.availability, availability)).json() as Promise<AvailabilityAnswer>,
    onSuccess: (saved) => queryClient.setQueryData([adminApi.availability], saved),
  });
  const errors = save.error instanceof ApiError ? (save.error.json()?.fields ?? {}) : {};
  const update = (change: Partial<Availability>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...draft, busyFeedUrl: draft.busyFeedUrl?.trim() ? draft.busyFeedUrl.trim() : null });
  };
  return (
    <form onSubmit={submit} className="grid gap-6" aria-label="Availability">
      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">Weekly hours (Eastern Time)</h2>
        <p className="text-sm text-slate-600">Weekends stay “by appointment”: never bookable online.</p>
        {BOOKING_WEEKDAYS.map((weekday) => {
          const hours = draft.weekly[weekday][0];
          const setHours = (next: { start: string; end: string } | null) => update({ weekly: { ...draft.weekly, [weekday]: next ? [next] : [] } });
          return (
            <fieldset key={weekday} className="flex flex-wrap items-center gap-3">
              <legend className="sr-only">{weekdayNames[weekday]}</legend>
              <label className="flex min-h-11 w-32 items-center gap-2 font-medium">
                <input type="checkbox" checked={hours !== undefined} onChange={(event) => setHours(event.target.checked ? { start: "08:30", end: "17:30" } : null)} />
                {weekdayNames[weekday]}
              </label>
              {hours && (
                <>
                  <input aria-label={`${weekdayNames[weekday]} from`} type="time" value={hours.start} onChange={(event) => setHours({ ...hours, start: event.target.value })} className={cn(inputClass, "w-32")} />
                  <span>to</span>
                  <input aria-label={`${weekdayNames[weekday]} until`} type="time" value={hours.end} onChange={(event) => setHours({ ...hours, end: event.target.value })} className={cn(inputClass, "w-32")} />
                </>
              )}
            </fieldset>
          );
        })}
        {errors.weekly && <p className="text-sm font-medium text-destructive">{errors.weekly}</p>}
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">Exceptions</h2>
        <p className="text-sm text-slate-600">A day off, or a date with other hours (they replace that day’s weekly hours).</p>
        <ul className="grid gap-3">
          {draft.exceptions.map((exception, index) => {
            const set = (next: Availability["exceptions"][number] | null) =>
              update({ exceptions: draft.exceptions.flatMap((current, at) => (at === index ? (next ? [next] : []) : [current])) });
            const hours = exception.hours[0];
            return (
              <li key={index} className="flex flex-wrap items-center gap-3">
                <input aria-label="Date" type="date" value={exception.date} onChange={(event) => set({ ...exception, date: event.target.value })} className={cn(inputClass, "w-44")} />
                <label className="flex min-h-11 items-center gap-2">
                  <input type="checkbox" checked={!hours} onChange={(event) => set({ ...exception, hours: event.target.checked ? [] : [{ start: "08:30", end: "17:30" }] })} /> Day off
                </label>
                {hours && (
                  <>
                    <input aria-label="From" type="time" value={hours.start} onChange={(event) => set({ ...exception, hours: [{ ...hours, start: event.target.value }] })} className={cn(inputClass, "w-32")} />
                    <input aria-label="Until" type="time" value={hours.end} onChange={(event) => set({ ...exception, hours: [{ ...hours, end: event.target.value }] })} className={cn(inputClass, "w-32")} />
                  </>
                )}
                <Button type="button" size="sm" variant="outline" onClick={() => set(null)}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => update({ exceptions: [...draft.exceptions, { date: "", hours: [] }] })}>
          Add an exception
        </Button>
        {errors.exceptions && <p className="text-sm font-medium text-destructive">{errors.exceptions}</p>}
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900 sm:col-span-2">Limits</h2>
        <NumberField label="Buffer before (minutes)" value={draft.bufferBeforeMinutes} error={errors.bufferBeforeMinutes} onChange={(value) => update({ bufferBeforeMinutes: value ?? 0 })} />
        <NumberField label="Buffer after (minutes)" value={draft.bufferAfterMinutes} error={errors.bufferAfterMinutes} onChange={(value) => update({ bufferAfterMinutes: value ?? 0 })} />
        <div className="grid gap-1.5">
          <label htmlFor="notice-kind" className="text-sm font-medium text-slate-800">
            Minimum notice
          </label>
          <select
            id="notice-kind"
            value={draft.minimumNotice.kind}
            onChange={(event) => update({ minimumNotice: event.target.value === "not-today" ? { kind: "not-today" } : { kind: "hours", hours: 2 } })}
            className={cn(inputClass, "appearance-auto")}
          >
            <option value="hours">A number of hours</option>
            <option value="not-today">Not today</option>
          </select>
        </div>
        {draft.minimumNotice.kind === "hours" ? (
          <NumberField label="Notice (hours)" value={draft.minimumNotice.hours} error={errors.minimumNotice} onChange={(value) => update({ minimumNotice: { kind: "hours", hours: value ?? 0 } })} />
        ) : (
          <span />
        )}
        <NumberField label="Most consultations a day (empty: no cap)" value={draft.maxPerDay} error={errors.maxPerDay} onChange={(value) => update({ maxPerDay: value })} />
        <NumberField label="Days ahead visitors can book" value={draft.horizonDays} error={errors.horizonDays} onChange={(value) => update({ horizonDays: value ?? 14 })} />
      </Card>

      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-bold text-slate-900">Busy times from your calendar</h2>
        <label htmlFor="busy-feed" className="text-sm text-slate-700">
          The secret iCalendar address your Google, Apple or Outlook calendar gives (https). It is read every 10 minutes; a slot that overlaps an event is not offered.
        </label>
        <input id="busy-feed" type="url" value={draft.busyFeedUrl ?? ""} onChange={(event) => update({ busyFeedUrl: event.target.value })} className={inputClass} />
        {errors.busyFeedUrl && <p className="text-sm font-medium text-destructive">{errors.busyFeedUrl}</p>}
        {initial.busyFeed.readAt && (
          <p className="text-sm text-slate-600">
            {initial.busyFeed.error ? `Last read failed: ${initial.busyFeed.error}` : `Last read ${new Date(initial.busyFeed.readAt).toLocaleString()}: ${initial.busyFeed.events} busy periods.`}
          </p>
        )}
      </Card>

      <div className="flex items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          Save availability
        </Button>
        {save.isSuccess && <p role="status">Saved.</p>}
        {save.isError && !Object.keys(errors).length && <p role="alert">{save.error.message}</p>}
      </div>
    </form>
  );
}

function NumberField({ label, value, error, onChange }: { label: string; value: number | null; error?: string; onChange: (value: number | null) => void }) {
  const id = label.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type="number" min={0} value={value ?? ""} onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))} className={inputClass} aria-invalid={Boolean(error)} />
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

/** The private calendar feed's address, to subscribe to from Google, Apple or Outlook, and a way to replace it. */
function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const feed = useQuery<{ url: string }>({ queryKey: [adminApi.calendarFeed] });
  const regenerate = useMutation({
    mutationFn: async () => (await apiRequest("POST", adminApi.calendarFeedRegenerate)).json() as Promise<{ url: string }>,
    onSuccess: (answer) => queryClient.setQueryData([adminApi.calendarFeed], answer),
  });
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">Your private calendar feed</h2>
      <p className="text-sm text-slate-700">
        Subscribe to this address in Google, Apple or Outlook to see the consultations and follow-ups in your calendar. Keep it secret. Google re-reads such feeds only every 12–24
        hours, so use Today for what is new.
      </p>
      <input aria-label="Calendar feed address" readOnly value={feed.data?.url ?? ""} className={inputClass} data-testid="calendar-feed-url" />
      <Button type="button" variant="outline" className="justify-self-start" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
        Make a new address (the old one stops working)
      </Button>
    </Card>
  );
}
