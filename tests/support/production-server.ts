import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";

/**
 * Starts the production server (`npm start`: server/production-server.mjs) on the current
 * build as a separate process, for tests that need a server with other settings (a maps
 * key, SMTP, a second instance, a crash).
 */
export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export const PRODUCTION_SERVER_ENTRY = path.join(process.cwd(), "server", "production-server.mjs");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startProductionServer(
  env: Record<string, string | undefined>,
  options: { port?: number; readyPath?: string } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // process.execPath: the project's Node 22 (tests run through npm, which puts it first).
  const child = spawn(process.execPath, [PRODUCTION_SERVER_ENTRY, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: "production", ASTRO_TELEMETRY_DISABLED: "1", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}${options.readyPath ?? "/api/health"}`);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not become ready:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    port,
    process: child,
    output: () => log,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A production server of its own on a throw-away SQLite database, with the owner's
 * account from `admin` (username and password, no hash); stopping it removes the database.
 */
export async function startOwnerServer(
  folderPrefix: string,
  admin: { username: string; password: string },
  env: Record<string, string | undefined>,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const server = await startProductionServer({
    DATABASE_PATH: path.join(dataDir, "site.db"),
    DATABASE_URL: undefined,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ADMIN_PASSWORD_HASH: undefined,
    ...env,
  });
  return {
    ...server,
    stop: async (signal) => {
      const code = await server.stop(signal);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * A back-office spec's own production server, one per Playwright worker: a fresh SQLite
 * file in the test's output folder, the owner's account, limits raised for a suite's pace,
 * and SITE_URL on its own port, so the site's own host is the one it is reached on.
 */
export async function startDeskServer(
  name: string,
  testInfo: { outputDir: string; workerIndex: number },
  admin: { username: string; password: string },
): Promise<RunningServer> {
  const port = await freePort();
  return startProductionServer(
    {
      DATABASE_PATH: path.join(testInfo.outputDir, `${name}-${testInfo.workerIndex}.db`),
      DATABASE_URL: undefined,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "1000",
      SITE_URL: `http://127.0.0.1:${port}`,
    },
    { port },
  );
}
