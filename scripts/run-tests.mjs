#!/usr/bin/env node
// The one test command (README, CI): astro check (types of .astro and .ts files), lint, unit + API
// tests on SQLite and PostgreSQL, production build, then end-to-end tests in Chromium against the
// production server (server/production-server.mjs). npm runs it with the project's Node 22.
// It ends with one summary line, "N passed, N failed", over every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`◀ ${label}: ${result.status === 0 ? "ok" : `failed (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// The browser tests drive Debian's Chromium; install it when it is missing and we may.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
  } else {
    console.error(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

ok = run("astro check (types)", bin("astro"), ["check"]) && ok;
ok = run("lint", bin("eslint"), ["--max-warnings=0", "."]) && ok;

const vitestJson = path.join(resultsDir, "vitest.json");
rmSync(vitestJson, { force: true });
ok = run("unit and API tests (Vitest, SQLite + PostgreSQL)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]) && ok;
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

// The same `build` script a deployment runs (font subset, astro build), so the suite tests what ships.
const built = run("production build (npm run build)", "npm", ["run", "build"]);
ok = built && ok;
if (built) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
  const e2eJson = path.join(resultsDir, "e2e.json");
  rmSync(e2eJson, { force: true });
  ok =
    run("end-to-end tests (Playwright, Chromium, production server)", bin("playwright"), ["test"], {
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_JSON_REPORT: e2eJson,
    }) && ok;
  const e2e = readJson(e2eJson);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected ?? 0;
    totals.failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
    totals.skipped += e2e.stats.skipped ?? 0;
  } else {
    totals.failed += 1;
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
} else {
  totals.failed += 1;
}

if (!ok && totals.failed === 0) totals.failed = 1;
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
