import { pruneIntervalMs } from "@/server/config";
import { PRUNE_STEPS, type PruneStep } from "./prune-steps";

/** The first run comes this soon after start at the latest (or after one interval, if shorter). */
const FIRST_RUN_WITHIN_MS = 30_000;
/** Each wait is the interval ± this share, so instances started together drift apart. */
const JITTER = 0.1;

export type PruneRunResult = { deleted: Record<string, number>; failed: Record<string, string> };

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<PruneRunResult> | undefined;
let stopped = true;

/**
 * Runs every step once. A step that fails (the database is away) is logged and left for
 * the next run; the others still run. Logs counts only, and only when something went.
 */
export async function runPruneOnce(now = Date.now(), steps: readonly PruneStep[] = PRUNE_STEPS): Promise<PruneRunResult> {
  const result: PruneRunResult = { deleted: {}, failed: {} };
  for (const step of steps) {
    try {
      result.deleted[step.name] = await step.prune(now);
    } catch (error) {
      result.failed[step.name] = error instanceof Error ? error.message : String(error);
    }
  }
  const deleted = Object.entries(result.deleted).filter(([, count]) => count > 0);
  if (deleted.length) console.log(`[prune] deleted ${deleted.map(([name, count]) => `${count} expired ${name}`).join(", ")}`);
  const failed = Object.entries(result.failed);
  if (failed.length) console.error(`[prune] could not prune ${failed.map(([name, reason]) => `${name} (${reason})`).join(", ")}; trying again at the next run`);
  return result;
}

function jittered(ms: number): number {
  return Math.round(ms * (1 - JITTER + Math.random() * 2 * JITTER));
}

function schedule(delayMs: number): void {
  if (stopped) return;
  timer = setTimeout(() => {
    timer = undefined;
    running = runPruneOnce().finally(() => {
      running = undefined;
      schedule(jittered(pruneIntervalMs()));
    });
  }, delayMs);
  // Pruning never keeps a process alive that has nothing else to do.
  timer.unref();
}

/** Every instance runs it (started with the background jobs): first soon after start, then every PRUNE_INTERVAL_MS. */
export function startPruneJob(): void {
  if (!stopped) return;
  stopped = false;
  schedule(Math.random() * Math.min(FIRST_RUN_WITHIN_MS, pruneIntervalMs()));
}

/** No further runs; resolves once a run in progress has finished. */
export async function stopPruneJob(): Promise<void> {
  stopped = true;
  if (timer) clearTimeout(timer);
  timer = undefined;
  await running;
}
