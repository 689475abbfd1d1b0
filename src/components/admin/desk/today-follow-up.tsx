import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { AlarmClock, CalendarCheck, ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { followUpSnoozes, type LeadListItem } from "@/lib/lead-desk";
import { followUpSnoozeLabels, followUpTypeLabels } from "@/lib/lead-desk-labels";
import { toast } from "@/lib/toast-store";
import { formatDateTime } from "./desk-time";
import { afterSaved, useLeadMutations } from "./use-lead-mutations";

/** "Call · overdue since May 4, 9:00 AM" or "Visit · due 2:30 PM". */
export function FollowUpWhen({ lead, now }: { lead: LeadListItem; now: number }) {
  if (!lead.nextFollowUpAt) return null;
  const overdue = new Date(lead.nextFollowUpAt).getTime() < now;
  return (
    <p className={overdue ? "text-sm font-semibold text-red-800" : "text-sm text-slate-700"} data-testid="follow-up-when">
      <span data-testid="follow-up-type">{followUpTypeLabels[lead.nextFollowUpType ?? "call"]}</span>
      {" · "}
      {overdue ? "overdue since " : "due "}
      <time dateTime={lead.nextFollowUpAt}>{formatDateTime(lead.nextFollowUpAt)}</time>
    </p>
  );
}

/** Today's follow-up row: Done, or snooze it an hour, to tomorrow or to next week. */
export function FollowUpActions({ lead }: { lead: LeadListItem }) {
  const { update } = useLeadMutations(lead.id);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={update.isPending}
        aria-label={`Done: follow-up with ${lead.name}`}
        onClick={() => afterSaved(update.mutateAsync({ nextFollowUpAt: null }), () => toast({ title: "Follow-up done", description: `${lead.name} is off Today's list.` }))}
      >
        <CalendarCheck aria-hidden="true" />
        Done
      </Button>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger aria-label={`Snooze the follow-up with ${lead.name}`} disabled={update.isPending} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <AlarmClock aria-hidden="true" />
          Snooze
          <ChevronDown aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={4} collisionPadding={8} className="z-50 min-w-40 rounded-md border border-border bg-white p-1 shadow-lg">
            {followUpSnoozes.map((snooze) => (
              <DropdownMenu.Item
                key={snooze}
                onSelect={() => afterSaved(update.mutateAsync({ snooze }), () => toast({ title: "Follow-up snoozed", description: `${lead.name}: ${followUpSnoozeLabels[snooze].toLowerCase()}.` }))}
                className="flex min-h-11 cursor-pointer items-center rounded px-3 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
              >
                {followUpSnoozeLabels[snooze]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
