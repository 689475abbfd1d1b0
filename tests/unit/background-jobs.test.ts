import { afterEach, describe, expect, it, vi } from "vitest";

const jobs = vi.hoisted(() => ({
  getAdminCredentials: vi.fn(async () => ({ username: "admin", passwordHash: "x" })),
  startOutboxWorker: vi.fn(),
  stopOutboxWorker: vi.fn(async () => undefined),
  startPruneJob: vi.fn(),
  stopPruneJob: vi.fn(async () => undefined),
}));
vi.mock("@/server/auth/admin-credentials", () => ({ getAdminCredentials: jobs.getAdminCredentials }));
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
    expect(jobs.getAdminCredentials).toHaveBeenCalledTimes(1);
    expect(jobs.startOutboxWorker).toHaveBeenCalledTimes(1);
    expect(jobs.startPruneJob).toHaveBeenCalledTimes(1);
    expect(process.listenerCount("SIGTERM")).toBe(listenersBefore + 1);
    process.emit("SIGTERM");
    expect(jobs.stopOutboxWorker).toHaveBeenCalledTimes(1);
    expect(jobs.stopPruneJob).toHaveBeenCalledTimes(1);
  });
});
