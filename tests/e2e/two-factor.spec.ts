import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { generate } from "otplib";
import { TWO_FACTOR_MESSAGES } from "@/lib/validation/two-factor-schemas";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./helpers";

/**
 * The owner's two-step verification in the browser, on a server of its own: turning it on
 * changes how every login of that server works, so it must not share the suite's server.
 * Codes are computed with otplib from the key the enrolment answer gives.
 */

const { username: USERNAME, password: PASSWORD } = E2E_ADMIN;
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

test.describe.configure({ mode: "serial" });

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A toast fading in is half transparent: judge colours once every animation has finished.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`).join("\n");
  expect(violations.length, `${label}: axe violations\n${report}`).toBe(0);
}

/** A code for the next 30-second step: newer than any accepted so far in this test, and within the server's tolerance. */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

function codeNow(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");

test.describe("two-step verification", () => {
  let server: RunningServer;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    const port = await freePort();
    server = await startProductionServer(
      {
        DATABASE_PATH: path.join(testInfo.outputDir, "two-factor.db"),
        DATABASE_URL: undefined,
        ADMIN_USERNAME: USERNAME,
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_PASSWORD_HASH: undefined,
        RATE_LIMIT_MULTIPLIER: "100",
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      { port },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function signInWithPassword(page: Page): Promise<void> {
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
  }

  async function logOut(page: Page): Promise<void> {
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  }

  const inbox = (page: Page) => page.getByRole("heading", { level: 1, name: "Survey Submissions" });

  test("turn it on from the account page, sign in with the password and then a code, then with a recovery code, then turn it off", async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithPassword(page);
    await expect(inbox(page)).toBeVisible();

    // The account page, from the admin bar.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
    const section = page.getByRole("region", { name: "Two-step verification" });
    await expect(section).toContainText("Off.");

    const setupAnswer = page.waitForResponse((response) => response.url().endsWith("/api/admin/account/two-factor/setup"));
    await section.getByRole("button", { name: "Turn on two-step verification" }).click();
    const { secret } = (await (await setupAnswer).json()) as { secret: string };
    const qrCode = section.getByRole("img", { name: "QR code with the key for your authenticator app" });
    await expect(qrCode).toBeVisible();
    // The QR code really is an image the browser decoded, and the key is there to type in by hand.
    expect(await qrCode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(section.getByTestId("two-factor-key")).toHaveText(secret.match(/.{1,4}/g)!.join(" "));
    await expectNoAxeViolations(page, "the enrolment step");

    // A wrong code: the field says so and nothing is turned on.
    const form = section.getByRole("form", { name: "Turn on two-step verification" });
    await form.getByLabel("Code from the app").fill(otherThan(await codeNow(secret)));
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Turn on" }).click();
    await expect(form.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    await expect(form.getByLabel("Code from the app")).toHaveAttribute("aria-invalid", "true");
    expect(await (await page.request.get(`${server.url}/api/admin/account/two-factor`)).json()).toMatchObject({ enabled: false });

    // The right code: on, with ten recovery codes shown once, to download.
    await form.getByLabel("Code from the app").fill(await codeNow(secret));
    await form.getByRole("button", { name: "Turn on" }).click();
    const codeList = section.getByRole("list", { name: "Recovery codes" });
    await expect(codeList.getByRole("listitem")).toHaveCount(10);
    const recoveryCodes = await codeList.getByRole("listitem").allTextContents();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download codes" }).click();
    const file = await (await download).path();
    const saved = await readFile(file, "utf8");
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await expectNoAxeViolations(page, "the recovery codes");
    await section.getByRole("button", { name: "I have saved them" }).click();
    await expect(section).toContainText("On since");
    await expect(section).toContainText("10 of 10 recovery codes left");
    await expectNoAxeViolations(page, "the account page with two-step verification on");

    // Signing in now asks for a code after the password.
    await logOut(page);
    await signInWithPassword(page);
    const codeField = page.getByLabel("Authentication code");
    await expect(codeField).toBeVisible();
    await expect(codeField).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "sr_admin_session")).toBe(false);
    await expectNoAxeViolations(page, "the code step of the login");
    const code = await nextCode(secret);
    await codeField.fill(otherThan(code));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    await codeField.fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(inbox(page)).toBeVisible();

    // A recovery code instead of the app.
    await logOut(page);
    await signInWithPassword(page);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(inbox(page)).toBeVisible();

    // The same recovery code does not work twice.
    await logOut(page);
    await signInWithPassword(page);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongRecoveryCode)).toBeVisible();
    await page.getByLabel("Recovery code").fill(recoveryCodes[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(inbox(page)).toBeVisible();

    // Turning it off needs the password and a code (here a recovery code).
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
    await expect(section).toContainText("8 of 10 recovery codes left");
    const off = section.getByRole("form", { name: "Turn off two-step verification" });
    await off.getByLabel("Current password").fill("not the password");
    await off.getByLabel("Code from the app, or a recovery code").fill(recoveryCodes[2]!);
    await off.getByRole("button", { name: "Turn off two-step verification" }).click();
    await expect(off.getByText(TWO_FACTOR_MESSAGES.wrongPassword)).toBeVisible();
    await off.getByLabel("Current password").fill(PASSWORD);
    await off.getByRole("button", { name: "Turn off two-step verification" }).click();
    await expect(section).toContainText("Off.");

    // The password alone signs in again.
    await logOut(page);
    await signInWithPassword(page);
    await expect(inbox(page)).toBeVisible();
  });
});
