import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { receiveLead } from "@/server/leads/receive-lead";
import { getSubmission } from "@/server/leads/stored-submissions";

let addresses = 0;

/** A new client address from the benchmarking range (198.18.0.0/15) each call, so the per-address rate limit only trips when a test asks it to. */
export function freshClientAddress(): string {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250) % 256}.${(addresses % 250) + 1}`;
}

/**
 * Submits a lead where a visitor's does: through `receiveLead`, validated, counted and
 * queued with its e-mails as the API would (tests have no insert path of their own).
 * Throws unless the lead was stored; `address` picks the client address when a test counts it.
 */
export async function submitLead(kind: SubmissionKind, input: unknown, options: { address?: string } = {}): Promise<{ id: number; createdAt: string }> {
  const outcome = await receiveLead(kind, input, options.address ?? freshClientAddress());
  if (outcome.status !== "stored") throw new Error(`submitLead: the ${kind} lead was not stored (${outcome.status}): ${JSON.stringify(outcome)}`);
  const stored = await getSubmission(kind, outcome.id);
  if (!stored) throw new Error(`submitLead: ${kind} ${outcome.id} was stored but cannot be read back`);
  return { id: outcome.id, createdAt: stored.createdAt };
}
