import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** A bordered surface; `tone="tinted"` for the brand-tinted variant. */
export function Card({ className, tone = "white", ...props }: HTMLAttributes<HTMLDivElement> & { tone?: "white" | "tinted" }) {
  return <div className={cn("rounded-xl border border-border shadow-sm", tone === "white" ? "bg-white" : "bg-brand-50", className)} {...props} />;
}
