import { getAdminCredentials } from "@/server/auth/admin-credentials";
import { startOutboxWorker, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { startPruneJob, stopPruneJob } from "@/server/pruning/prune-job";

let started = false;

/** Started once per server process (src/fetch.ts); every instance runs the same jobs safely. */
export function startBackgroundJobs(): void {
  if (started) return;
  started = true;
  // Resolve the admin login now, so a generated first-run password is printed at start.
  getAdminCredentials().catch((error: unknown) => {
    console.error("[admin] could not prepare the admin login:", error instanceof Error ? error.message : error);
  });
  startOutboxWorker();
  startPruneJob();
  // The production server stops taking connections on SIGTERM and lets requests finish;
  // meanwhile the outbox and the pruning take no new work.
  process.once("SIGTERM", () => {
    void stopOutboxWorker();
    void stopPruneJob();
  });
}
