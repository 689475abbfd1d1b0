import { afterEach, describe, expect, it, vi } from "vitest";

const jobs = vi.hoisted(() => ({
  announceSetupLinkIfNeeded: vi.fn(async () => undefined),
  startOutboxWorker: vi.fn(),
  stopOutboxWorker: vi.fn(async () => undefined),
  startPruneJob: vi.fn(),
  stopPruneJob: vi.fn(async () => undefined),
}));
vi.mock("@/server/auth/admin-setup", () => ({ announceSetupLinkIfNeeded: jobs.announceSetupLinkIfNeeded }));
vi.mock("@/server/mail/outbox-worker", () => ({ startOutboxWorker: jobs.startOutboxWorker, stopOutboxWorker: jobs.stopOutboxWorker }));
vi.mock("@/server/pruning/prune-job", () => ({ startPruneJob: jobs.startPruneJob, stopPruneJob: jobs.stopPruneJob }));

const { startBackgroundJobs } = await import("@/server/background-jobs");

const ownSigtermListeners = new Set(process.listeners("SIGTERM"));

afterEach(() => {
  // Only the listener the jobs added: the test runner may have its own.
  for (const listener of process.listeners("SIGTERM")) if (!ownSigtermListeners.has(listener)) process.off("SIGTERM", listener);
});

describe("background jobs", () => {
  it("start once per process however often they are asked to, and stop the outbox and the pruning on SIGTERM", () => {
    const listenersBefore = process.listenerCount("SIGTERM");
    startBackgroundJobs();
    startBackgroundJobs();
    expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(1);
    expect(jobs.startOutboxWorker).toHaveBeenCalledTimes(1);
    expect(jobs.startPruneJob).toHaveBeenCalledTimes(1);
    expect(process.listenerCount("SIGTERM")).toBe(listenersBefore + 1);
    process.emit("SIGTERM");
    expect(jobs.stopOutboxWorker).toHaveBeenCalledTimes(1);
    expect(jobs.stopPruneJob).toHaveBeenCalledTimes(1);
  });

  it("tries the admin login again every 10 seconds while the database is away at start", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      jobs.announceSetupLinkIfNeeded.mockClear();
      jobs.announceSetupLinkIfNeeded.mockRejectedValueOnce(new Error("database unavailable")).mockRejectedValueOnce(new Error("database unavailable"));
      vi.resetModules();
      const fresh = await import("@/server/background-jobs");
      fresh.startBackgroundJobs();
      await vi.advanceTimersByTimeAsync(0);
      expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith("[admin] could not prepare the admin login, retrying in 10 s:", "database unavailable");
      await vi.advanceTimersByTimeAsync(9_999);
      expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(3);
      // It succeeded: no more attempts.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(jobs.announceSetupLinkIfNeeded).toHaveBeenCalledTimes(3);
    } finally {
      error.mockRestore();
      vi.useRealTimers();
    }
  });
});
