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

  test("a flip card's Learn More and Quick Contact are reachable by keyboard; the card turns to show them", async ({ page }) => {
    await page.goto("/");
    const card = page.getByTestId("service-card-managed-internet");
    const inner = card.locator(".flip-inner");
    const rotation = () => inner.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m11);
    expect(await rotation()).toBeCloseTo(1, 2);

    await card.getByRole("button", { name: /^View details/ }).focus();
    await page.keyboard.press("Tab");
    const learnMore = card.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toBeFocused();
    await expect(learnMore).toHaveAttribute("href", "/services/managed-internet");
    // The back face is showing: the inner element turned half a turn on focus-within.
    await expect.poll(rotation).toBeCloseTo(-1, 2);
    await page.keyboard.press("Tab");
    const quickContact = card.getByRole("link", { name: /^Quick Contact/ });
    await expect(quickContact).toBeFocused();
    await expect(quickContact).toHaveAttribute("href", "/contact?service=managed-internet");
    await expect.poll(rotation).toBeCloseTo(-1, 2);
    // The Back button needs scripts: it is not shown, so Tab moves on to the next card.
    await expect(card.getByRole("button", { name: /^Back/ })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("service-card-sd-wan").getByRole("button", { name: /^View details/ })).toBeFocused();
    await expect.poll(rotation).toBeCloseTo(1, 2);
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

  test("/greenville-voip shows every FAQ answer", async ({ page }) => {
    await page.goto("/greenville-voip");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.getByRole("button");
    await expect(questions).toHaveCount(5);
    for (const question of await questions.all()) {
      const panel = page.locator(`[aria-labelledby="${await question.getAttribute("id")}"]`);
      await expect(panel).toHaveCount(1);
      await expect(panel).toBeVisible();
      expect(((await panel.textContent()) ?? "").length).toBeGreaterThan(50);
    }
    await expect(faq).toContainText("port your existing numbers");
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
