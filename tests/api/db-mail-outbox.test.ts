import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import {
  claimOutboxBatch,
  countPendingOutbox,
  listOutbox,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
} from "@/server/mail/mail-outbox";
import type { MailConfig } from "@/server/config";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";
import { submitLead } from "../support/submit-lead";
import { stubLeadMail } from "../support/stub-lead-mail";
import { expectedLeadEmail } from "../support/expected-lead-email";

const LEASE = 60_000;

/** The `index`th lead; its e-mail carries quotes, markup, an emoji and a newline, which the payload must keep. */
function lead(index: number) {
  return contactRequestSchema.parse({
    name: "Dana Whitfield",
    email: "dana@example.com",
    phone: "864-555-0142",
    projectType: "it-support",
    // Each differs: an identical lead within 10 minutes is folded into the first.
    message: `Our server room needs help: “quotes” & <tags> 🚀\nLine two (${index})`,
  });
}

let mail: MailConfig;

// Every lead queues its owner's e-mail, 40 of them in one test: past the hourly cap they would wait for the digest.
beforeEach(() => {
  mail = stubLeadMail({ emailsPerHour: 100 });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Submits `count` leads, each queueing its notification; returns the outbox ids, oldest first. */
async function queue(count: number): Promise<number[]> {
  for (let index = 0; index < count; index += 1) await submitLead("contact", lead(index));
  return (await listOutbox()).map((item) => item.id);
}

function later(): number {
  return Date.now() + 1000;
}

describeEachEngine("mail outbox", ({ engine }) => {
  it("leases due messages to a worker, oldest first, with their payload intact", async () => {
    const ids = await queue(3);
    const now = later();

    const batch = await claimOutboxBatch("worker-a", 2, LEASE, now);

    expect(batch.map((item) => item.id)).toEqual(ids.slice(0, 2));
    const first = await expectedLeadEmail("contact", lead(0), mail, batch[0]?.refId ?? 0);
    expect(batch[0]).toMatchObject({ kind: "contact", status: "pending", attempts: 0, lockedBy: "worker-a", lockedUntil: now + LEASE, payload: first });
    expect(batch[0]?.createdAt).toMatch(/Z$/);
    expect((await claimOutboxBatch("worker-b", 10, LEASE, now)).map((item) => item.id)).toEqual(ids.slice(2));
    expect(await claimOutboxBatch("worker-c", 10, LEASE, now)).toEqual([]);
  });

  it("gives a message to another worker once the first worker's lease has run out", async () => {
    const [id] = await queue(1);
    const now = later();
    await claimOutboxBatch("worker-a", 5, LEASE, now);

    expect(await claimOutboxBatch("worker-b", 5, LEASE, now + LEASE - 1)).toEqual([]);
    const retaken = await claimOutboxBatch("worker-b", 5, LEASE, now + LEASE + 1);
    expect(retaken.map((item) => item.id)).toEqual([id]);

    // The first worker finishing late must not overwrite the new owner's outcome.
    expect(await markOutboxSent(id ?? 0, "worker-a")).toBe(false);
    expect(await markOutboxSent(id ?? 0, "worker-b")).toBe(true);
  });

  it("marks a message sent: no longer pending, lease cleared, attempt counted", async () => {
    const [id] = await queue(1);
    await claimOutboxBatch("worker-a", 5, LEASE, later());
    expect(await countPendingOutbox()).toBe(1);

    expect(await markOutboxSent(id ?? 0, "worker-a", 1_900_000_000_000)).toBe(true);

    const [item] = await listOutbox();
    expect(item).toMatchObject({ status: "sent", attempts: 1, lockedBy: null, lockedUntil: null, sentAt: "2030-03-17T17:46:40.000Z" });
    expect(await countPendingOutbox()).toBe(0);
    expect(await claimOutboxBatch("worker-a", 5, LEASE, later() + LEASE * 2)).toEqual([]);
    expect(await markOutboxSent(id ?? 0, "worker-a")).toBe(false);
  });

  it("schedules a retry: attempt counted, error kept, not due again before its time", async () => {
    const [id] = await queue(1);
    const now = later();
    await claimOutboxBatch("worker-a", 5, LEASE, now);

    expect(await markOutboxRetry(id ?? 0, "worker-a", "421 Service not available", now + 30_000)).toBe(true);

    const [item] = await listOutbox();
    expect(item).toMatchObject({ status: "pending", attempts: 1, lastError: "421 Service not available", nextAttemptAt: now + 30_000, lockedBy: null });
    expect(await claimOutboxBatch("worker-b", 5, LEASE, now + 29_999)).toEqual([]);
    const again = await claimOutboxBatch("worker-b", 5, LEASE, now + 30_000);
    expect(again.map((claimed) => [claimed.id, claimed.attempts])).toEqual([[id, 1]]);

    expect(await markOutboxRetry(id ?? 0, "worker-b", "timeout", now + 90_000)).toBe(true);
    expect((await listOutbox())[0]?.attempts).toBe(2);
    expect(await countPendingOutbox()).toBe(1);
  });

  it("gives up on a message: failed, never claimed again, error kept", async () => {
    const [id] = await queue(1);
    await claimOutboxBatch("worker-a", 5, LEASE, later());

    expect(await markOutboxFailed(id ?? 0, "worker-b", "not the owner")).toBe(false);
    expect(await markOutboxFailed(id ?? 0, "worker-a", "550 mailbox unavailable")).toBe(true);

    const [item] = await listOutbox();
    expect(item).toMatchObject({ status: "failed", attempts: 1, lastError: "550 mailbox unavailable", lockedBy: null, sentAt: null });
    expect(await countPendingOutbox()).toBe(0);
    expect(await claimOutboxBatch("worker-a", 5, LEASE, later() + LEASE * 10)).toEqual([]);
  });

  it("never hands the same message to two workers claiming at the same moment", async () => {
    const ids = await queue(30);
    const now = later();

    const batches = await Promise.all(Array.from({ length: 6 }, (_, index) => claimOutboxBatch(`worker-${index}`, 4, LEASE, now)));

    const claimed = batches.flat().map((item) => item.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(24);
    expect(claimed.every((id) => ids.includes(id))).toBe(true);
    for (const [index, batch] of batches.entries()) expect(batch.every((item) => item.lockedBy === `worker-${index}`)).toBe(true);
  });

  it(`never hands the same message to two app instances claiming at the same moment${engine === "postgres" ? " (two pools)" : ""}`, async () => {
    const ids = await queue(40);
    const second = await loadSecondInstance(() => import("@/server/mail/mail-outbox"));
    try {
      const now = later();
      const rounds = await Promise.all([
        claimOutboxBatch("instance-a-1", 10, LEASE, now),
        second.modules.claimOutboxBatch("instance-b-1", 10, LEASE, now),
        claimOutboxBatch("instance-a-2", 10, LEASE, now),
        second.modules.claimOutboxBatch("instance-b-2", 10, LEASE, now),
        claimOutboxBatch("instance-a-3", 10, LEASE, now),
      ]);

      const claimed = rounds.flat().map((item) => item.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect([...claimed].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await second.close();
    }
  });

  it("claims nothing for a batch size below one", async () => {
    await queue(1);
    expect(await claimOutboxBatch("worker-a", 0, LEASE, later())).toEqual([]);
  });
});
