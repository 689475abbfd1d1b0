import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { validContact } from "../support/api-request";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";

/**
 * A lead the owner deletes in the back office is gone from the production server's
 * SQLite file: from every table (its queued notification e-mail too) and from the
 * file's bytes (secure_delete), in a folder only the service's user can open.
 */

const PASSWORD = "lead-erasure-password-123";

test.describe("deleting a lead in the back office", () => {
  test.describe.configure({ timeout: 90_000 });

  let dataDir: string;
  let server: RunningServer | undefined;

  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "lead-erasure-"));
  });

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("leaves no copy of it in the database file, which only the service's user can read", async ({ page }) => {
    const databasePath = path.join(dataDir, "state", "site.db");
    server = await startProductionServer({
      DATABASE_PATH: databasePath,
      DATABASE_URL: undefined,
      ADMIN_PASSWORD: PASSWORD,
      RATE_LIMIT_MULTIPLIER: "100",
      // Nothing listens there: the notifications wait in the outbox.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      // Counts the owner's e-mails only (the visitor's acknowledgement: tests/api/lead-mail.test.ts).
      LEAD_ACKNOWLEDGEMENT: "off",
    });
    const tag = randomBytes(4).toString("hex");
    const gone = { ...validContact, name: `Erased Visitor ${tag}`, email: `erased.${tag}@example.com` };
    const kept = { ...validContact, name: `Kept Visitor ${tag}`, email: `kept.${tag}@example.com` };
    for (const lead of [gone, kept]) {
      const answer = await page.request.post(`${server.url}/api/contact`, { data: lead });
      expect(answer.status(), await answer.text()).toBe(201);
    }
    const login = await page.request.post(`${server.url}/api/admin/login`, { data: { username: "admin", password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);

    await page.goto(`${server.url}/admin/contacts`);
    const row = page.getByTestId("contact-row").filter({ hasText: gone.name });
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Delete ${gone.name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Contact Request Deleted" })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("contact-row").filter({ hasText: kept.name })).toHaveCount(1);

    // A stopped server checkpoints its WAL into the one file.
    expect(await server.stop()).toBe(143);
    server = undefined;
    expect(existsSync(`${databasePath}-wal`)).toBe(false);

    const bytes = readFileSync(databasePath).toString("latin1");
    expect(bytes).toContain(kept.email);
    expect(bytes).not.toContain(gone.email);
    expect(bytes).not.toContain(gone.name);

    const database = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      const outbox = database.prepare("select payload from mail_outbox").all() as { payload: string }[];
      expect(outbox.map((row) => row.payload).filter((payload) => payload.includes(kept.email))).toHaveLength(1);
      expect(outbox.some((row) => row.payload.includes(gone.email))).toBe(false);
    } finally {
      database.close();
    }

    expect(statSync(path.dirname(databasePath)).mode & 0o777).toBe(0o700);
    expect(statSync(databasePath).mode & 0o777).toBe(0o600);
  });
});
