import { announceSetupLinkIfNeeded } from "@/server/auth/admin-setup";
import { startOutboxWorker, stopOutboxWorker } from "@/server/mail/outbox-worker";
import { startPruneJob, stopPruneJob } from "@/server/pruning/prune-job";
import { loadAvailability } from "@/server/bookings/availability-store";
import { startBusyFeedJob, stopBusyFeedJob } from "@/server/bookings/busy-feed";

let started = false;

/** Started once per server process (src/fetch.ts); every instance runs the same jobs safely. */
export function startBackgroundJobs(): void {
  if (started) return;
  started = true;
  // Prepare the admin login now: without any password, the setup link is printed at start.
  prepareAdminLogin();
  startOutboxWorker();
  startPruneJob();
  startBusyFeedJob(async () => (await loadAvailability()).busyFeedUrl);
  // The production server stops taking connections on SIGTERM and lets requests finish;
  // meanwhile the outbox and the pruning take no new work.
  process.once("SIGTERM", () => {
    void stopOutboxWorker();
    void stopPruneJob();
    stopBusyFeedJob();
  });
}

/** How long to wait before trying again when the database was away at start. */
const ADMIN_LOGIN_RETRY_MS = 10_000;

/** A database that is down at start must not cost the owner the setup link: retried until it answers. */
function prepareAdminLogin(): void {
  announceSetupLinkIfNeeded().catch((error: unknown) => {
    console.error("[admin] could not prepare the admin login, retrying in 10 s:", error instanceof Error ? error.message : error);
    setTimeout(prepareAdminLogin, ADMIN_LOGIN_RETRY_MS).unref();
  });
}
