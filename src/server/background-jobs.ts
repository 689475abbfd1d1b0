import "server-only";
import { startOutboxWorker, stopOutboxWorker } from "@/server/mail/outbox-worker";

let started = false;

/** Started once per server process; every instance runs the same jobs safely. */
export function startBackgroundJobs(): void {
  if (started) return;
  started = true;
  startOutboxWorker();
  // next start closes the HTTP server on SIGTERM; stop taking new outbox work meanwhile.
  process.once("SIGTERM", () => void stopOutboxWorker());
}
