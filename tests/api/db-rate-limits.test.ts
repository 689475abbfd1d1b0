import { expect, it } from "vitest";
import { consumeRateLimit, peekRateLimit, pruneRateLimits, resetRateLimit } from "@/server/rate-limits/rate-limits";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";

const T0 = 1_900_000_000_000;
const MINUTE = 60_000;

describeEachEngine("rate limits", () => {
  it("allows hits up to the limit, then refuses with the seconds left in the window", async () => {
    const results = [];
    for (let hit = 0; hit < 4; hit += 1) results.push(await consumeRateLimit("login:1.2.3.4", 3, MINUTE, T0 + hit * 500));

    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results.map((result) => result.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.slice(0, 3).every((result) => result.retryAfterSeconds === 0)).toBe(true);
    // Window opened at T0, ends at T0 + 60 s; the fourth hit came at T0 + 1.5 s.
    expect(results[3]?.retryAfterSeconds).toBe(59);
  });

  it("starts a new window once the old one has ended", async () => {
    for (let hit = 0; hit < 3; hit += 1) await consumeRateLimit("submit:a", 2, MINUTE, T0);
    expect((await consumeRateLimit("submit:a", 2, MINUTE, T0 + MINUTE - 1)).allowed).toBe(false);

    const fresh = await consumeRateLimit("submit:a", 2, MINUTE, T0 + MINUTE);
    expect(fresh).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    const last = await consumeRateLimit("submit:a", 2, MINUTE, T0 + MINUTE + 10);
    expect(last).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect((await consumeRateLimit("submit:a", 2, MINUTE, T0 + MINUTE + 20)).retryAfterSeconds).toBe(60);
  });

  it("counts each key on its own", async () => {
    await consumeRateLimit("submit:contact:1.1.1.1", 1, MINUTE, T0);

    expect((await consumeRateLimit("submit:contact:1.1.1.1", 1, MINUTE, T0)).allowed).toBe(false);
    expect((await consumeRateLimit("submit:contact:2.2.2.2", 1, MINUTE, T0)).allowed).toBe(true);
    expect((await consumeRateLimit("submit:survey:1.1.1.1", 1, MINUTE, T0)).allowed).toBe(true);
  });

  it("peeks without counting: blocked only once the limit is used up", async () => {
    expect(await peekRateLimit("login-failures:admin", 2, MINUTE, T0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });

    await consumeRateLimit("login-failures:admin", 2, MINUTE, T0);
    for (let peek = 0; peek < 5; peek += 1) {
      expect(await peekRateLimit("login-failures:admin", 2, MINUTE, T0 + 1)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    }

    await consumeRateLimit("login-failures:admin", 2, MINUTE, T0 + 2);
    expect(await peekRateLimit("login-failures:admin", 2, MINUTE, T0 + 30_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect((await peekRateLimit("login-failures:admin", 2, MINUTE, T0 + MINUTE)).allowed).toBe(true);
  });

  it("forgets a key on reset", async () => {
    await consumeRateLimit("login-failures:admin", 1, MINUTE, T0);
    await consumeRateLimit("login-failures:admin", 1, MINUTE, T0);
    expect((await peekRateLimit("login-failures:admin", 1, MINUTE, T0)).allowed).toBe(false);

    await resetRateLimit("login-failures:admin");

    expect((await peekRateLimit("login-failures:admin", 1, MINUTE, T0)).allowed).toBe(true);
    expect((await consumeRateLimit("login-failures:admin", 1, MINUTE, T0)).allowed).toBe(true);
  });

  it("prunes only windows that have ended, whatever their length", async () => {
    await consumeRateLimit("short", 5, MINUTE, T0);
    await consumeRateLimit("long", 5, 60 * MINUTE, T0);

    expect(await pruneRateLimits(T0 + MINUTE - 1)).toBe(0);
    expect(await pruneRateLimits(T0 + MINUTE)).toBe(1);
    expect((await peekRateLimit("long", 1, 60 * MINUTE, T0 + MINUTE)).allowed).toBe(false);
    expect(await pruneRateLimits(T0 + 60 * MINUTE)).toBe(1);
  });

  it("lets exactly `limit` of 50 simultaneous hits through", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => consumeRateLimit("burst", 10, MINUTE, T0)));

    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(results.map((result) => result.remaining).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 41 }, () => 0),
      ...Array.from({ length: 9 }, (_, index) => index + 1),
    ]);
  });

  it("counts hits from two app instances against one limit", async () => {
    const second = await loadSecondInstance(() => import("@/server/rate-limits/rate-limits"));
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? consumeRateLimit : second.modules.consumeRateLimit)("shared", 10, MINUTE, T0),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(10);
    } finally {
      await second.close();
    }
  });
});
