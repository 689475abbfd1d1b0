import type { Locator, Page } from "@playwright/test";
import { accessibleExpanded } from "./helpers";
import { expect, test } from "./fixtures";

/**
 * The first tap on the home page's flip cards and the /greenville-voip FAQ works the moment
 * they are on screen: they are native `<details>`, so nothing waits for a script to arrive.
 * Each page is opened fresh (the network guard's routing keeps the HTTP cache off), and the
 * control is tapped as soon as it has been scrolled into view, over a slow network on a slow
 * CPU, and with JavaScript off, at a desktop and a phone width.
 */

/** How many fresh page loads each case taps through: the first tap works every time. */
const LOADS = 3;

/** A slow phone on a poor mobile network (close to DevTools' "Slow 4G" on a 4× slower CPU). */
const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (200 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** A tap on a touch screen, a click otherwise: the first and only one, as soon as the control is in view. */
async function tap(control: Locator, touch: boolean): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await (touch ? control.tap() : control.click());
}

/** Opens the page without waiting for its scripts or its load event, as a visitor starts scrolling. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "commit" });
}

async function tapFlipCard(page: Page, touch: boolean): Promise<void> {
  await open(page, "/");
  const card = page.getByTestId("service-card-sd-wan");
  await tap(card.locator("summary"), touch);
  await expect(card.locator("details")).toHaveAttribute("open", "");
  const back = card.getByRole("group", { name: "SD-WAN at a glance" });
  await expect(back).toBeVisible();
  await expect(back).toContainText("65%");
  await expect(back.getByRole("link", { name: /^Learn More/ })).toBeVisible();
  // The card has turned: the back face faces the visitor.
  await expect.poll(() => back.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m11)).toBeCloseTo(1, 2);
  expect(await accessibleExpanded(card.locator("summary"))).toBe(true);
  // The other cards stay as they were.
  await expect(page.getByTestId("service-card-managed-internet").locator("details")).not.toHaveAttribute("open");
}

async function tapFaq(page: Page, touch: boolean): Promise<void> {
  await open(page, "/greenville-voip");
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  const first = faq.locator("details").first();
  await tap(first.locator("summary"), touch);
  await expect(first).toHaveAttribute("open", "");
  await expect(first.getByText("port your existing numbers")).toBeVisible();
  expect(await accessibleExpanded(first.locator("summary"))).toBe(true);
}

const VIEWPORTS = [
  { label: "desktop", touch: false, use: { viewport: { width: 1280, height: 800 } } },
  { label: "375 px phone", touch: true, use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } },
] as const;

for (const { label, touch, use } of VIEWPORTS) {
  test.describe(`first tap at ${label}`, () => {
    // Three throttled page loads per test, on a runner that may be busy.
    test.describe.configure({ timeout: 180_000 });

    test.describe("on a slow network and CPU", () => {
      test.use(use);

      test("a flip card turns on the first tap, right after it scrolled into view", async ({ page }) => {
        await throttle(page);
        for (let load = 0; load < LOADS; load += 1) await tapFlipCard(page, touch);
      });

      test("a FAQ question opens on the first tap, right after it scrolled into view", async ({ page }) => {
        await throttle(page);
        for (let load = 0; load < LOADS; load += 1) await tapFaq(page, touch);
      });
    });

    test.describe("with JavaScript off", () => {
      test.use({ ...use, javaScriptEnabled: false });

      test("a flip card turns on the first tap", async ({ page }) => {
        for (let load = 0; load < LOADS; load += 1) await tapFlipCard(page, touch);
      });

      test("a FAQ question opens on the first tap", async ({ page }) => {
        for (let load = 0; load < LOADS; load += 1) await tapFaq(page, touch);
      });
    });
  });
}
