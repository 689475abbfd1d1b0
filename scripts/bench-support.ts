import { existsSync } from "node:fs";
import path from "node:path";

/** What every benchmark shares: the build it measures and the lead it submits. */

/** The build the production server serves. */
export function productionBuildDir(): string {
  return path.join(process.cwd(), "dist");
}

/** Benchmarks measure the production build: fail at once, and say how, when there is none. */
export function requireProductionBuild(): void {
  if (!existsSync(path.join(productionBuildDir(), "server", "entry.mjs"))) throw new Error("No production build found: run `npm run build` first.");
}

/** A valid contact request of a realistic size, as a JSON body. */
export const BENCH_CONTACT_BODY = JSON.stringify({
  name: "Bench Mark",
  email: "bench@example.com",
  phone: "(864) 555-0100",
  projectType: "managed-internet",
  message: "Benchmark request body of a realistic size for a contact form.",
});
