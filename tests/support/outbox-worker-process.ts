/*
 * A stand-alone app instance for the multi-process tests: opens (and so migrates) the
 * database named by DATABASE_PATH / DATABASE_URL, says "ready", waits for "go" on
 * stdin, then drains the outbox and prints the ids it claimed as JSON.
 * Run with: node --import tsx outbox-worker-process.ts <worker-id>
 */
import { createInterface } from "node:readline";
import { closeDb, getDb } from "../../src/server/db/connection";
import { claimOutboxBatch, markOutboxSent } from "../../src/server/mail/mail-outbox";

async function main(): Promise<void> {
  const workerId = process.argv[2] ?? `worker-${process.pid}`;
  await getDb();
  process.stdout.write("ready\n");

  const input = createInterface({ input: process.stdin });
  for await (const line of input) if (line.trim() === "go") break;
  input.close();

  const claimed: number[] = [];
  for (;;) {
    const batch = await claimOutboxBatch(workerId, 3, 60_000);
    if (batch.length === 0) break;
    for (const item of batch) {
      claimed.push(item.id);
      await markOutboxSent(item.id, workerId);
    }
  }
  process.stdout.write(`${JSON.stringify(claimed)}\n`);
  await closeDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
