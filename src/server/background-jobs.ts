import { getAdminCredentials } from "@/server/auth/admin-credentials";
import { startOutboxWorker, stopOutboxWorker } from "@/server/mail/outbox-worker";

let started = false;

/** Started once per server process; every instance runs the same jobs safely. */
export function startBackgroundJobs(): void {
  if (started) return;
  started = true;
  // Resolve the admin login now, so a generated first-run password is printed at start.
  getAdminCredentials().catch((error: unknown) => {
    console.error("[admin] could not prepare the admin login:", error instanceof Error ? error.message : error);
  });
  startOutboxWorker();
  // next start closes the HTTP server on SIGTERM; stop taking new outbox work meanwhile.
  process.once("SIGTERM", () => void stopOutboxWorker());
}
