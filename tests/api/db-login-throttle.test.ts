import { expect, it } from "vitest";
import { clearThrottle, pruneLoginThrottle, reserveThrottledAttempt, type ThrottleSchedule, waitAfterAttempt } from "@/server/auth/login-throttle";
import { getDb } from "@/server/db/connection";
import { consumeRateLimit, releaseRateLimitHit } from "@/server/rate-limits/rate-limits";
import { describeEachEngine, loadSecondInstance } from "../support/test-database";

const T0 = 1_900_000_000_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SCHEDULE: ThrottleSchedule = { freeAttempts: 3, waitsMs: [MINUTE, 2 * MINUTE, 4 * MINUTE], streakResetMs: DAY };

describeEachEngine("login throttle", () => {
  it("lets the free attempts through at once, then one attempt per wait, the waits growing to the last one", async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => waitAfterAttempt(SCHEDULE, attempt))).toEqual([0, 0, MINUTE, 2 * MINUTE, 4 * MINUTE, 4 * MINUTE, 4 * MINUTE]);
    const at = (now: number) => reserveThrottledAttempt("user:a", SCHEDULE, now);
    expect([await at(T0), await at(T0), await at(T0)]).toEqual([1, 2, 3].map((attempt) => ({ allowed: true, attempt })));
    expect(await at(T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await at(T0 + MINUTE)).toEqual({ allowed: true, attempt: 4 });
    expect(await at(T0 + MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 120 });
    expect(await at(T0 + 3 * MINUTE)).toEqual({ allowed: true, attempt: 5 });
    expect(await at(T0 + 3 * MINUTE + 1)).toEqual({ allowed: false, retryAfterSeconds: 240 });
    expect(await at(T0 + 7 * MINUTE)).toEqual({ allowed: true, attempt: 6 });
    expect(await at(T0 + 7 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 240 });
    // Other keys are not affected.
    expect(await reserveThrottledAttempt("user:b", SCHEDULE, T0 + 7 * MINUTE)).toEqual({ allowed: true, attempt: 1 });
  });

  it("does not refuse a free attempt stamped a moment before a concurrent one (another request, another instance's clock)", async () => {
    expect(await reserveThrottledAttempt("user:skew", SCHEDULE, T0 + 50)).toEqual({ allowed: true, attempt: 1 });
    expect(await reserveThrottledAttempt("user:skew", SCHEDULE, T0)).toEqual({ allowed: true, attempt: 2 });
    expect(await reserveThrottledAttempt("user:skew", SCHEDULE, T0 + 20)).toEqual({ allowed: true, attempt: 3 });
    expect(await reserveThrottledAttempt("user:skew", SCHEDULE, T0 + 30)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("starts a streak over after a day without attempts, or when cleared", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await reserveThrottledAttempt("user:a", SCHEDULE, T0);
    // Within a day of the last attempt the streak goes on…
    expect(await reserveThrottledAttempt("user:a", SCHEDULE, T0 + DAY - 1)).toEqual({ allowed: true, attempt: 4 });
    // …and a day after it, it starts over.
    expect(await reserveThrottledAttempt("user:a", SCHEDULE, T0 + 2 * DAY - 1)).toEqual({ allowed: true, attempt: 1 });

    for (let attempt = 0; attempt < 3; attempt += 1) await reserveThrottledAttempt("user:c", SCHEDULE, T0);
    expect((await reserveThrottledAttempt("user:c", SCHEDULE, T0)).allowed).toBe(false);
    await clearThrottle("user:c");
    expect(await reserveThrottledAttempt("user:c", SCHEDULE, T0)).toEqual({ allowed: true, attempt: 1 });
  });

  it("50 simultaneous reservations on two instances let exactly the free attempts through", async () => {
    const second = await loadSecondInstance(() => import("@/server/auth/login-throttle"));
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) => (index % 2 ? second.modules.reserveThrottledAttempt : reserveThrottledAttempt)("user:race", SCHEDULE, T0)),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(SCHEDULE.freeAttempts);
      expect(results.filter((result) => !result.allowed).every((result) => !result.allowed && result.retryAfterSeconds === 60)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("prunes only streaks that would start over anyway", async () => {
    await reserveThrottledAttempt("user:old", SCHEDULE, T0);
    await reserveThrottledAttempt("user:new", SCHEDULE, T0 + DAY);
    expect(await pruneLoginThrottle(DAY, T0 + DAY - 1)).toBe(0);
    expect(await pruneLoginThrottle(DAY, T0 + DAY)).toBe(1);
    const db = await getDb();
    expect((await db.selectFrom("login_throttle").select("key").execute()).map((row) => row.key)).toEqual(["user:new"]);
  });

  it("a released rate-limit hit is taken back from the current window only", async () => {
    for (let hit = 0; hit < 3; hit += 1) await consumeRateLimit("login:addr:x", 3, MINUTE, T0);
    await releaseRateLimitHit("login:addr:x", T0 + 1);
    expect((await consumeRateLimit("login:addr:x", 3, MINUTE, T0 + 2)).allowed).toBe(true);
    expect((await consumeRateLimit("login:addr:x", 3, MINUTE, T0 + 3)).allowed).toBe(false);
    // After the window has ended there is nothing to take back.
    await releaseRateLimitHit("login:addr:x", T0 + MINUTE);
    const db = await getDb();
    expect(Number((await db.selectFrom("rate_limits").select("count").where("key", "=", "login:addr:x").executeTakeFirstOrThrow()).count)).toBe(4);
  });
});
