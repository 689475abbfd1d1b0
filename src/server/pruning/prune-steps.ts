import { SESSION_IDLE_TTL_MS } from "@/server/auth/admin-session";
import { pruneSetupLinks } from "@/server/auth/admin-setup";
import { pruneAuditLog } from "@/server/audit/audit-log";
import { leadRetentionMonths, outboxRetentionDays } from "@/server/config";
import { pruneLoginThrottles } from "@/server/auth/login-guard";
import { deleteExpiredPendingLogins } from "@/server/auth/admin-pending-logins";
import { deleteExpiredAdminSessions } from "@/server/auth/admin-sessions";
import { pruneFinishedOutbox } from "@/server/mail/mail-outbox";
import { pruneRateLimits } from "@/server/rate-limits/rate-limits";
import { applyLeadRetention, monthsBefore } from "@/server/leads/lead-retention";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One kind of row that expires. `prune` deletes the rows expired at `now` and says how
 * many: one idempotent `delete … where <expiry> <= now`, so every instance may run it at
 * the same moment without a lock (a row deleted twice is deleted once).
 */
export type PruneStep = { name: string; prune: (now: number) => Promise<number> };

/** What the pruning job (prune-job.ts) deletes on every run: add a table's step here. */
export const PRUNE_STEPS: readonly PruneStep[] = [
  { name: "rate-limit windows", prune: pruneRateLimits },
  { name: "admin sessions", prune: (now) => deleteExpiredAdminSessions(now, SESSION_IDLE_TTL_MS) },
  { name: "login slowdown streaks", prune: pruneLoginThrottles },
  { name: "pending second-factor logins", prune: deleteExpiredPendingLogins },
  { name: "setup links", prune: pruneSetupLinks },
  { name: "sent e-mails", prune: (now) => pruneFinishedOutbox(now - outboxRetentionDays() * DAY_MS) },
  // Not one delete: each lead in a short transaction of its own (src/server/leads/lead-retention.ts).
  {
    name: "leads past LEAD_RETENTION_MONTHS",
    prune: async (now) => {
      const { erased, reduced } = await applyLeadRetention(now);
      return erased + reduced;
    },
  },
  { name: "audit log entries", prune: (now) => pruneAuditLog(monthsBefore(now, leadRetentionMonths())) },
];
