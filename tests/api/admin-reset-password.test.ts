import { beforeEach, expect, it } from "vitest";
import type { DbConfig } from "@/server/db/connection";
import { OWNER_PASSWORD_SETTING, LEGACY_GENERATED_PASSWORD_SETTING, resetAdminCredentialsCache } from "@/server/auth/admin-credentials";
import { setupLinkState } from "@/server/auth/admin-setup";
import { checkDeviceCookie, issueDeviceCookie } from "@/server/auth/device-cookie";
import { isPendingLoginLive, startPendingLogin } from "@/server/auth/pending-login";
import { hashPassword } from "@/server/auth/password-hash";
import { createAdminSession, listAdminSessions } from "@/server/auth/admin-sessions";
import { getSetting, setSetting } from "@/server/settings/settings";
import { databaseEnv, runProjectScript } from "../support/project-script";
import { describeEachEngine } from "../support/test-database";

/** Runs `npm run admin:reset-password` against the suite's database, with the given admin settings only. */
const runScript = (config: DbConfig, env: Record<string, string>) =>
  runProjectScript("reset-admin-password", [], { ...databaseEnv(config), ADMIN_PASSWORD: undefined, ADMIN_PASSWORD_HASH: undefined, SITE_URL: undefined, ...env });

beforeEach(() => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.ADMIN_PASSWORD_HASH;
  resetAdminCredentialsCache();
});

describeEachEngine("npm run admin:reset-password", (context) => {
  it("removes the stored password, signs every browser out, and prints a setup link that works when the environment has no password", async () => {
    await setSetting(OWNER_PASSWORD_SETTING, await hashPassword("the forgotten password"));
    await setSetting(LEGACY_GENERATED_PASSWORD_SETTING, await hashPassword("an older generated one"));
    await setSetting("notes", "kept");
    for (const hash of ["a", "b"]) await createAdminSession(hash.repeat(64), Date.now(), 60_000);

    const run = await runScript(context.config, { SITE_URL: "https://www.saludaridge.example/" });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[admin] The stored administrator password was removed.");
    expect(run.stdout).toContain("[admin] 2 session(s) ended.");
    const link = /at: (https:\/\/www\.saludaridge\.example\/admin\/setup#([A-Za-z0-9_-]{43}))$/m.exec(run.stdout);
    expect(link, run.stdout).not.toBeNull();

    expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
    expect(await getSetting(LEGACY_GENERATED_PASSWORD_SETTING)).toBeUndefined();
    expect(await getSetting("notes")).toBe("kept");
    expect(await listAdminSessions()).toEqual([]);
    expect(await setupLinkState(link![2]!)).toBe("valid");
  });

  it("ends every pending two-step login and retires every device cookie: no browser counts as known any more", async () => {
    const pending = await startPendingLogin();
    const device = await issueDeviceCookie("admin");
    expect(await checkDeviceCookie(device)).toMatchObject({ status: "valid" });

    const run = await runScript(context.config, { ADMIN_PASSWORD: "the configured password" });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await isPendingLoginLive(pending)).toBe(false);
    expect(await checkDeviceCookie(device)).toEqual({ status: "revoked" });
    // A cookie issued after the reset counts again.
    expect(await checkDeviceCookie(await issueDeviceCookie("admin"))).toMatchObject({ status: "valid" });
  });

  it("says the environment's password applies again when one is set, and prints no link", async () => {
    await setSetting(OWNER_PASSWORD_SETTING, await hashPassword("the forgotten password"));
    const run = await runScript(context.config, { ADMIN_PASSWORD: "the configured password" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[admin] Sign in with the password of ADMIN_PASSWORD from the environment.");
    expect(run.stdout).not.toContain("/admin/setup#");
    expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeUndefined();
  });

  it("refuses an ADMIN_PASSWORD shorter than 12 characters and changes nothing", async () => {
    await setSetting(OWNER_PASSWORD_SETTING, "scrypt$32768$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5");
    const run = await runScript(context.config, { ADMIN_PASSWORD: "too short" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe("[admin] ADMIN_PASSWORD must be at least 12 characters long; the server will not start with a shorter one.");
    expect(await getSetting(OWNER_PASSWORD_SETTING)).toBeDefined();
  });
});
