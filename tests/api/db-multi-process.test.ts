import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { closeDb } from "@/server/db/connection";
import { countPendingOutbox, listOutbox } from "@/server/mail/mail-outbox";
import { applyDatabaseEnv, createFreshDatabase, ENGINES, postgresSkipped, restoreDatabaseEnv } from "../support/test-database";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";

const WORKER_SCRIPT = path.resolve(__dirname, "../support/outbox-worker-process.ts");

type Worker = { child: ChildProcessByStdio<Writable, Readable, Readable>; lines: AsyncIterator<string>; stderr: string[] };

function startWorker(id: string, env: NodeJS.ProcessEnv): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER_SCRIPT, id], {
    cwd: path.resolve(__dirname, "../.."),
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator](), stderr };
}

async function nextLine(worker: Worker): Promise<string> {
  const { value, done } = await worker.lines.next();
  if (done) throw new Error(`worker exited early (code ${worker.child.exitCode}): ${worker.stderr.join("")}`);
  return value;
}

const lead = contactRequestSchema.parse({
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "864-555-0142",
  projectType: "it-support",
  message: "Our server room needs help.",
});

for (const engine of ENGINES) {
  describe.skipIf(engine === "postgres" && postgresSkipped())(`several app processes [${engine}]`, () => {
    it("migrate a new database together, then drain the outbox without sending any e-mail twice", async () => {
      const fresh = await createFreshDatabase(engine);
      const dbEnv = fresh.config.engine === "sqlite" ? { DATABASE_PATH: fresh.config.path, DATABASE_URL: "" } : { DATABASE_URL: fresh.config.url };
      const workers = ["p1", "p2", "p3"].map((id) => startWorker(id, { ...process.env, ...dbEnv }));
      const saved = applyDatabaseEnv(fresh.config);
      try {
        for (const worker of workers) expect(await nextLine(worker)).toBe("ready");

        // Each lead queues its owner's e-mail; 45 in an hour is past the default cap, whose overflow would wait for the digest.
        stubLeadMail({ emailsPerHour: 100 });
        for (let index = 0; index < 45; index += 1) {
          // Each one differs: identical submissions within 10 minutes fold into one.
          await submitLead("contact", { ...lead, message: `Our server room needs help (${index}).` });
        }
        const queued = (await listOutbox()).map((item) => item.id);
        // Mail is configured by the environment now, so check that every lead did queue its e-mail.
        expect(queued).toHaveLength(45);
        for (const worker of workers) worker.child.stdin.write("go\n");

        const claimedPerWorker = await Promise.all(workers.map(async (worker) => JSON.parse(await nextLine(worker)) as number[]));
        const claimed = claimedPerWorker.flat();

        expect(new Set(claimed).size).toBe(claimed.length);
        expect([...claimed].sort((a, b) => a - b)).toEqual(queued);
        expect(await countPendingOutbox()).toBe(0);
      } finally {
        for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill();
        vi.unstubAllEnvs();
        await closeDb();
        restoreDatabaseEnv(saved);
        await fresh.drop();
      }
    }, 60_000);
  });
}
