import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { followUpInDays, followUpOn, followUpPresets, localDateInput } from "./desk-time";

/**
 * The next follow-up in one tap: tomorrow, in 3 days, next week, or a date (9:00 that
 * morning), and optionally none. Each choice acts at once.
 */
export function FollowUpChoices({
  busy,
  noneLabel,
  onChoose,
}: {
  busy: boolean;
  /** Shown as a last choice that sets no follow-up, e.g. "No follow-up". */
  noneLabel?: string;
  onChoose: (dueAt: string | undefined) => void;
}) {
  const dateId = useId();
  const [date, setDate] = useState("");
  const onDate = followUpOn(date);

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {followUpPresets.map((preset) => (
          <Button key={preset.label} variant="outline" disabled={busy} onClick={() => onChoose(followUpInDays(preset.days))}>
            {preset.label}
          </Button>
        ))}
        {noneLabel && (
          <Button variant="ghost" disabled={busy} onClick={() => onChoose(undefined)}>
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
        <Button variant="outline" disabled={busy || onDate === null} onClick={() => onDate && onChoose(onDate)}>
          Set date
        </Button>
      </div>
    </div>
  );
}
