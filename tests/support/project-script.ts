import { spawn } from "node:child_process";
import path from "node:path";
import type { DbConfig } from "@/server/db/connection";

const ROOT = path.resolve(__dirname, "../..");

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** What points a script at one database: its engine's variable, the other one's left out. */
export function databaseEnv(config: DbConfig): Record<string, string | undefined> {
  return config.engine === "sqlite" ? { DATABASE_PATH: config.path, DATABASE_URL: undefined } : { DATABASE_URL: config.url, DATABASE_PATH: undefined };
}

/**
 * Runs `scripts/<name>.ts` as its `npm run` command does (tsx on the suite's Node, from the
 * project's folder), and resolves with its exit code and output. `env` is laid over the
 * suite's environment; a variable given as undefined is left out. Killed after 60 s.
 */
export function runProjectScript(name: string, args: readonly string[] = [], env: Record<string, string | undefined> = {}): Promise<ScriptRun> {
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", `${name}.ts`), ...args], { cwd: ROOT, env: merged, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
