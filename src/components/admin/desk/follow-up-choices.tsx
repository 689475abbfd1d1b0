import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { cn } from "@/lib/cn";
import { type FollowUpType, followUpTypes } from "@/lib/lead-desk";
import { followUpTypeLabels } from "@/lib/lead-desk-labels";
import { FOLLOW_UP_TIME, followUpInDays, followUpOn, followUpPresets, localDateInput } from "./desk-time";

/**
 * The next follow-up in one tap: tomorrow, in 3 days, next week, or a date, and optionally
 * none. What it is (a call unless chosen) and its time (9:00 unless changed) come first;
 * each day choice acts at once.
 */
export function FollowUpChoices({
  busy,
  noneLabel,
  onChoose,
}: {
  busy: boolean;
  /** Shown as a last choice that sets no follow-up, e.g. "No follow-up". */
  noneLabel?: string;
  onChoose: (dueAt: string | undefined, type: FollowUpType) => void;
}) {
  const dateId = useId();
  const timeId = useId();
  const [date, setDate] = useState("");
  const [time, setTime] = useState(FOLLOW_UP_TIME);
  const [type, setType] = useState<FollowUpType>("call");
  const onDate = followUpOn(date, time);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div role="radiogroup" aria-label="Follow-up type" className="flex flex-wrap gap-1">
          {followUpTypes.map((value) => (
            <Button
              key={value}
              role="radio"
              aria-checked={type === value}
              variant={type === value ? "secondary" : "ghost"}
              size="sm"
              className={cn(type === value && "ring-1 ring-brand-700")}
              onClick={() => setType(value)}
            >
              {followUpTypeLabels[value]}
            </Button>
          ))}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={timeId} className="text-sm font-medium text-slate-800">
            At
          </label>
          <input id={timeId} type="time" value={time} onChange={(event) => setTime(event.target.value)} className={cn(inputClass, "w-32")} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {followUpPresets.map((preset) => (
          <Button key={preset.label} variant="outline" disabled={busy} onClick={() => onChoose(followUpInDays(preset.days, new Date(), time), type)}>
            {preset.label}
          </Button>
        ))}
        {noneLabel && (
          <Button variant="ghost" disabled={busy} onClick={() => onChoose(undefined, type)}>
            {noneLabel}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium text-slate-800">
            Or on a date
          </label>
          <input id={dateId} type="date" min={localDateInput()} value={date} onChange={(event) => setDate(event.target.value)} className={inputClass} />
        </div>
        <Button variant="outline" disabled={busy || onDate === null} onClick={() => onDate && onChoose(onDate, type)}>
          Set date
        </Button>
      </div>
    </div>
  );
}
