import { cn } from "@/lib/cn";
import type { LeadStatus } from "@/lib/lead-desk";
import { leadStatusLabels } from "@/lib/lead-desk-labels";

const tones: Record<LeadStatus, string> = {
  new: "bg-brand-700 text-white",
  contacted: "bg-sky-100 text-sky-900",
  quoted: "bg-amber-100 text-amber-900",
  won: "bg-emerald-100 text-emerald-900",
  lost: "bg-slate-200 text-slate-800",
  spam: "bg-red-100 text-red-900",
};

/** A lead's place in the pipeline, in words and colour. */
export function LeadStatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", tones[status], className)}>
      {leadStatusLabels[status]}
    </span>
  );
}
