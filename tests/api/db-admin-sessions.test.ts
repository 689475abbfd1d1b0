import { expect, it } from "vitest";
import {
  createAdminSession,
  deleteAdminSession,
  deleteAdminSessionByPublicId,
  deleteExpiredAdminSessions,
  deleteOtherAdminSessions,
  findAdminSession,
  listAdminSessions,
  SESSION_PUBLIC_ID_PATTERN,
  touchAdminSession,
} from "@/server/auth/admin-sessions";
import { describeEachEngine } from "../support/test-database";

const T0 = 1_900_000_000_000;
const HOUR = 3_600_000;
const hashA = "a".repeat(64);
const hashB = "b".repeat(64);

describeEachEngine("admin sessions", () => {
  it("creates a session and finds it by token hash, times in epoch milliseconds", async () => {
    const created = await createAdminSession(hashA, T0, 8 * HOUR);

    expect(created).toEqual({
      tokenHash: hashA,
      publicId: expect.stringMatching(SESSION_PUBLIC_ID_PATTERN),
      createdAt: T0,
      lastSeenAt: T0,
      expiresAt: T0 + 8 * HOUR,
      userAgent: null,
      address: null,
    });
    expect(await findAdminSession(hashA)).toEqual(created);
    expect(await findAdminSession(hashB)).toBeUndefined();
  });

  it("records activity on touch without moving the absolute expiry", async () => {
    await createAdminSession(hashA, T0, 8 * HOUR);

    expect(await touchAdminSession(hashA, T0 + HOUR)).toBe(true);
    expect(await findAdminSession(hashA)).toMatchObject({ tokenHash: hashA, createdAt: T0, lastSeenAt: T0 + HOUR, expiresAt: T0 + 8 * HOUR });
    expect(await touchAdminSession(hashB, T0 + HOUR)).toBe(false);
  });

  it("deletes a session on logout, once", async () => {
    await createAdminSession(hashA, T0, 8 * HOUR);

    expect(await deleteAdminSession(hashA)).toBe(true);
    expect(await deleteAdminSession(hashA)).toBe(false);
    expect(await findAdminSession(hashA)).toBeUndefined();
  });

  it("deletes sessions past their absolute expiry or idle too long, and keeps active ones", async () => {
    const idle = 30 * 60_000;
    await createAdminSession("expired".padEnd(64, "0"), T0 - 9 * HOUR, 8 * HOUR);
    await createAdminSession("idle".padEnd(64, "0"), T0 - HOUR, 8 * HOUR);
    await createAdminSession("active".padEnd(64, "0"), T0 - 2 * HOUR, 8 * HOUR);
    await touchAdminSession("active".padEnd(64, "0"), T0 - 60_000);

    expect(await deleteExpiredAdminSessions(T0, idle)).toBe(2);
    expect(await findAdminSession("active".padEnd(64, "0"))).toBeDefined();
    expect(await findAdminSession("idle".padEnd(64, "0"))).toBeUndefined();
    expect(await findAdminSession("expired".padEnd(64, "0"))).toBeUndefined();
  });

  it("refuses a second session with the same token hash", async () => {
    await createAdminSession(hashA, T0, HOUR);
    await expect(createAdminSession(hashA, T0 + 1, HOUR)).rejects.toThrow();
  });

  it("keeps the browser and address it was created with, under a public id of its own", async () => {
    const first = await createAdminSession(hashA, T0, HOUR, { userAgent: "Firefox", address: "2001:db8::1" });
    const second = await createAdminSession(hashB, T0 + 1, HOUR, { userAgent: null, address: "192.0.2.4" });
    expect(first.publicId).not.toBe(second.publicId);
    expect(await findAdminSession(hashA)).toMatchObject({ userAgent: "Firefox", address: "2001:db8::1", publicId: first.publicId });
    await touchAdminSession(hashA, T0 + 5);
    expect((await listAdminSessions()).map((session) => session.tokenHash)).toEqual([hashA, hashB]);
  });

  it("ends one session by its public id, and all but one at once", async () => {
    const kept = await createAdminSession(hashA, T0, HOUR);
    const other = await createAdminSession(hashB, T0, HOUR);
    await createAdminSession("c".repeat(64), T0, HOUR);
    expect(await deleteAdminSessionByPublicId(other.publicId)).toBe(true);
    expect(await deleteAdminSessionByPublicId(other.publicId)).toBe(false);
    expect(await findAdminSession(hashB)).toBeUndefined();
    expect(await deleteOtherAdminSessions(hashA)).toBe(1);
    expect((await listAdminSessions()).map((session) => session.publicId)).toEqual([kept.publicId]);
    expect(await deleteOtherAdminSessions()).toBe(1);
    expect(await listAdminSessions()).toEqual([]);
  });
});
