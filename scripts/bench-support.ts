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

/** A valid contact request of a realistic size. */
const BENCH_CONTACT = {
  name: "Bench Mark",
  email: "bench@example.com",
  phone: "(864) 555-0100",
  projectType: "managed-internet",
  message: "Benchmark request body of a realistic size for a contact form.",
};

let benchSerial = 0;

/**
 * The same request, numbered: each body differs, so each one is stored (an identical
 * submission of one person within 10 minutes is folded into the first, issue 22).
 */
export function numberedContactBody(): string {
  benchSerial += 1;
  return JSON.stringify({ ...BENCH_CONTACT, message: `${BENCH_CONTACT.message} #${benchSerial}` });
}

/** For autocannon's `requests`: a numbered body on every request. */
export const numberedContactRequests = [{ setupRequest: <R extends { body?: unknown }>(request: R): R => ({ ...request, body: numberedContactBody() }) }];
