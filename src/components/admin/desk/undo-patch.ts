import type { LeadListItem } from "@/lib/lead-desk";
import type { LeadPatch } from "@/lib/validation/lead-desk-schemas";

export type UndoableLead = Pick<LeadListItem, "id" | "status" | "lostReason" | "lostNote" | "nextFollowUpAt" | "nextFollowUpType">;

/**
 * The PATCH that puts a lead back as it was before a status move: its status (Lost with its
 * reason), and the follow-up a move to Won, Lost or Spam ended.
 */
export function undoPatch(before: UndoableLead): LeadPatch {
  const status: LeadPatch =
    before.status === "lost" && before.lostReason
      ? { status: "lost", lostReason: before.lostReason, lostNote: before.lostNote }
      : { status: before.status };
  return before.nextFollowUpAt ? { ...status, nextFollowUpAt: before.nextFollowUpAt, nextFollowUpType: before.nextFollowUpType ?? "call" } : status;
}
