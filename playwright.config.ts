import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * End-to-end tests drive Debian's Chromium against the production build
 * (`npm run build` must have run; the production server, server/production-server.mjs, is launched
 * here on E2E_PORT with the project's Node 22, the one running this config).
 * scripts/run-tests.mjs picks a free port and a throw-away database.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-${port}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `"${process.execPath}" server/production-server.mjs -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      ASTRO_TELEMETRY_DISABLED: "1",
      DATABASE_PATH: path.join(dataDir, "e2e.db"),
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password-123",
      RATE_LIMIT_MULTIPLIER: "100",
      SITE_URL: baseURL,
    },
  },
});
