import type { QuoteEventAction } from "@/lib/lead-desk";
import type { QuoteStatus } from "./quote-types";

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  replaced: "Replaced",
};

const actionWords: Record<QuoteEventAction, string> = {
  created: "drafted",
  sent: "sent",
  viewed: "viewed by the customer",
  accepted: "accepted",
  declined: "declined by the customer",
  revised: "drafted as a revision",
};

/** "Quote Q-2026-0001 sent", "Quote Q-2026-0001-B accepted by phone (recorded by the owner)". */
export function quoteHeadline(entry: { number: string; action: QuoteEventAction; by: "customer" | "owner" | null }): string {
  const by = entry.action === "accepted" ? (entry.by === "owner" ? " by phone (recorded by the owner)" : " online by the customer") : "";
  return `Quote ${entry.number} ${actionWords[entry.action]}${by}`;
}

/** "December 31, 2026" from 2026-12-31 (a calendar day, no time zone to shift it). */
export function formatQuoteDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
}
