/**
 * Runs once when the server process starts (not in the browser, not at build).
 * Background work lives in src/server/background-jobs.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startBackgroundJobs } = await import("./server/background-jobs");
  startBackgroundJobs();
  const { registerDirectRoutes } = await import("./server/http/direct-routes");
  registerDirectRoutes();
}
