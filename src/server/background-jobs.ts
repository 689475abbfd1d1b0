import { announceSetupLinkIfNeeded } from "@/server/auth/admin-setup";
import { startOutboxWorker, stopOutboxWorker } from "@/server/mail/outbox-worker";

let started = false;

/** Started once per server process (src/fetch.ts); every instance runs the same jobs safely. */
export function startBackgroundJobs(): void {
  if (started) return;
  started = true;
  // Prepare the admin login now: without any password, the setup link is printed at start.
  announceSetupLinkIfNeeded().catch((error: unknown) => {
    console.error("[admin] could not prepare the admin login:", error instanceof Error ? error.message : error);
  });
  startOutboxWorker();
  // The production server stops taking connections on SIGTERM and lets requests finish;
  // meanwhile the outbox takes no new work.
  process.once("SIGTERM", () => void stopOutboxWorker());
}
