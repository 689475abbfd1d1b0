import { cn } from "@/lib/cn";

/** §4: New until an administrator opens the item, then Viewed. */
export function StatusBadge({ viewed }: { viewed: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        viewed ? "bg-slate-100 text-slate-700" : "bg-brand-700 text-white",
      )}
    >
      {viewed ? "Viewed" : "New"}
    </span>
  );
}
