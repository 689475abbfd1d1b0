import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, PUBLIC_PAGES, test } from "./fixtures";

// axe is CPU-heavy: allow for a busy two-core runner.
test.describe.configure({ timeout: 60_000 });

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const NOT_FOUND_PAGES = ["/no-such-page", "/services/no-such-service", "/blog/no-such-article"];

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
          .join("\n"),
    )
    .join("\n");
  expect(violations.length, `${label}: axe violations\n${report}`).toBe(0);
}

/** Let lazy images settle (here the stock photos fail) so axe sees the final page. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await expect(page.locator("[data-state='loading']")).toHaveCount(0);
}

for (const path of PUBLIC_PAGES) {
  test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
    await page.goto(path);
    await settle(page);
    await expectNoViolations(page, path);
  });
}

for (const path of NOT_FOUND_PAGES) {
  test(`not-found page ${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expectNoViolations(page, path);
  });
}

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("home has no WCAG 2.2 AA violations", async ({ page }) => {
    await page.goto("/");
    await settle(page);
    await expectNoViolations(page, "/ at 375px");
  });

  test("home with a flipped card and the menu open has no violations", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("service-card-sd-wan").click();
    await expect(page.getByTestId("service-card-sd-wan").locator("details")).toHaveAttribute("open", "");
    await expect(page.getByTestId("service-card-sd-wan").getByRole("link", { name: /^Learn More/ })).toBeVisible();
    await expectNoViolations(page, "/ with a flipped card");
    const toggle = page.locator("header button[aria-label='Open menu']");
    await toggle.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoViolations(page, "/ with the menu open");
  });
});
