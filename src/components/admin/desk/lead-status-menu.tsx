import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, ChevronDown } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/cn";
import { type LeadStatus, leadStatuses } from "@/lib/lead-desk";
import { leadStatusLabels } from "@/lib/lead-desk-labels";
import { toast, UNDO_DURATION_MS } from "@/lib/toast-store";
import { type UndoableLead, undoPatch } from "./undo-patch";
import { LostReasonDialog } from "./lost-reason-dialog";
import { afterSaved, useLeadMutations } from "./use-lead-mutations";

/**
 * Moves a lead along the pipeline from a menu (the board's cards and the lead page):
 * reachable with the keyboard (Enter or Space opens it, arrows pick, Enter moves), and
 * Lost first asks for the reason.
 */
export function LeadStatusMenu({
  lead,
  label,
  className,
}: {
  lead: UndoableLead & { name: string };
  /** The button's words, e.g. "Move" on the board, the status itself on the lead. */
  label: string;
  className?: string;
}) {
  const { update } = useLeadMutations(lead.id);
  const [askLostReason, setAskLostReason] = useState(false);

  // The lead as it was before the move, for Undo (10 s).
  const moved = (status: LeadStatus) => {
    const before = undoPatch(lead);
    return () =>
      toast({
        title: `Moved to ${leadStatusLabels[status]}`,
        description: `${lead.name} is now ${leadStatusLabels[status]}.`,
        durationMs: UNDO_DURATION_MS,
        action: {
          label: "Undo",
          altText: `Undo: move ${lead.name} back to ${leadStatusLabels[lead.status]} with the status menu`,
          onClick: () => afterSaved(update.mutateAsync(before), () => toast({ title: "Move undone", description: `${lead.name} is ${leadStatusLabels[lead.status]} again.` })),
        },
      });
  };

  const choose = (status: LeadStatus) => {
    if (status === lead.status) return;
    if (status === "lost") setAskLostReason(true);
    else afterSaved(update.mutateAsync({ status }), moved(status));
  };

  return (
    <>
      {/* Not modal: the page stays readable to assistive technology around the open menu (no aria-hidden over focusable content). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`${label}: ${lead.name}, now ${leadStatusLabels[lead.status]}`}
          disabled={update.isPending}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}
        >
          {label}
          <ChevronDown aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 min-w-44 rounded-md border border-border bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-slate-600">Move to</DropdownMenu.Label>
            {leadStatuses.map((status) => (
              <DropdownMenu.Item
                key={status}
                disabled={status === lead.status}
                onSelect={() => choose(status)}
                className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded px-3 text-sm text-slate-900 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-600 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
              >
                {leadStatusLabels[status]}
                {status === lead.status && <Check aria-label="current" className="size-4" />}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LostReasonDialog
        leadName={lead.name}
        open={askLostReason}
        busy={update.isPending}
        onCancel={() => setAskLostReason(false)}
        onConfirm={(values) => {
          setAskLostReason(false);
          afterSaved(update.mutateAsync({ status: "lost", ...values }), moved("lost"));
        }}
      />
    </>
  );
}
