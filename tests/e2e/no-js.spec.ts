import { expect, test } from "./fixtures";

/** Every page is server-rendered: with scripts off, the content is all there. */
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home renders its sections", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Bridging Your Technology to Success");
    await expect(main.locator("[data-testid^='service-card-']")).toHaveCount(9);
    await expect(main.getByRole("link", { name: "View All Case Studies" })).toBeVisible();
    await expect(main.getByRole("link", { name: /^Read Article/ })).toHaveCount(3);
    await expect(main.getByRole("link", { name: "Get a Free Quote" })).toBeVisible();
  });

  test("a flip card turns on a click or from the keyboard, and its links are reachable", async ({ page }) => {
    await page.goto("/");
    const card = page.getByTestId("service-card-managed-internet");
    const toggle = card.locator("summary");
    const back = card.getByRole("group", { name: /at a glance$/ });
    await card.click();
    await expect(card.locator("details")).toHaveAttribute("open", "");
    await expect(back).toBeVisible();
    await expect(back.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/services/managed-internet");
    // Away from the links, which take the taps on them.
    await card.click({ position: { x: 16, y: 16 } });
    await expect(card.locator("details")).not.toHaveAttribute("open");

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(card.locator("details")).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(back.getByRole("link", { name: /^Learn More/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(back.getByRole("link", { name: /^Quick Contact/ })).toBeFocused();
    await expect(back.getByRole("link", { name: /^Quick Contact/ })).toHaveAttribute("href", "/contact?service=managed-internet");
  });

  test("services grid and a service page render", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("main").getByRole("link", { name: /^Learn More/ })).toHaveCount(9);
    await page.goto("/services/managed-internet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Managed Internet & Failover");
    await expect(page.getByRole("heading", { name: "Key Features" })).toBeVisible();
    await expect(page.getByRole("main").locator("img[fetchpriority='high']")).toHaveCount(1);
  });

  test("/blog lists all seven posts and hides the script-only filters", async ({ page }) => {
    await page.goto("/blog");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /^Read Article/ })).toHaveCount(7);
    await expect(main.getByRole("searchbox")).toBeHidden();
    await expect(main.getByRole("button", { name: "Reset Filters" })).toBeHidden();
  });

  test("an article renders its body and related articles", async ({ page }) => {
    await page.goto("/blog/sd-wan-vs-mpls");
    const article = page.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toContainText("SD-WAN");
    expect(((await article.locator(".prose-article").textContent()) ?? "").length).toBeGreaterThan(5000);
    await expect(page.getByRole("region", { name: "Related Articles" }).getByRole("link", { name: /^Read Article/ })).toHaveCount(2);
    await expect(article.getByRole("link", { name: /^Share on/ })).toHaveCount(3);
  });

  test("/greenville-voip: every FAQ answer is in the page, and a question opens one at a time", async ({ page }) => {
    await page.goto("/greenville-voip");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const items = faq.locator("details");
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) expect(((await item.textContent()) ?? "").length).toBeGreaterThan(80);
    await items.nth(0).locator("summary").click();
    await expect(faq.getByText("port your existing numbers")).toBeVisible();
    await items.nth(1).locator("summary").click();
    await expect(faq.getByText("port your existing numbers")).toBeHidden();
    await expect(faq.locator("details[open]")).toHaveCount(1);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the header offers a Menu link to the sitemap instead of the dialog toggle", async ({ page }) => {
      await page.goto("/about");
      const header = page.getByRole("banner");
      const menu = header.getByRole("link", { name: "Menu", exact: true });
      await expect(menu).toBeVisible();
      await expect(menu).toHaveAttribute("href", "/sitemap");
      await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
      await menu.click();
      await expect(page).toHaveURL(/\/sitemap$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
    });
  });
});
