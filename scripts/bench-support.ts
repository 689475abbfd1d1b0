import { existsSync } from "node:fs";
import path from "node:path";

/** What every benchmark shares: the build it measures and the lead it submits. */

/** The build directory `next start` serves (NEXT_DIST_DIR when a second build is in use). */
export function productionBuildDir(): string {
  return path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
}

/** Benchmarks measure the production build: fail at once, and say how, when there is none. */
export function requireProductionBuild(): void {
  if (!existsSync(path.join(productionBuildDir(), "BUILD_ID"))) throw new Error("No production build found: run `npm run build` first.");
}

/** A valid contact request of a realistic size, as a JSON body. */
export const BENCH_CONTACT_BODY = JSON.stringify({
  name: "Bench Mark",
  email: "bench@example.com",
  phone: "(864) 555-0100",
  projectType: "managed-internet",
  message: "Benchmark request body of a realistic size for a contact form.",
});
