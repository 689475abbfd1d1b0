import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { anchorHrefs, hrefsOf, SERVICE_SLUGS, SERVICE_STATISTICS } from "./helpers";

function sectionWithLink(page: Page, name: string | RegExp): Locator {
  return page.getByRole("main").locator("section").filter({ has: page.getByRole("link", { name, exact: typeof name === "string" }) });
}

function flipCard(page: Page, slug: string): Locator {
  return page.getByTestId(`service-card-${slug}`);
}

/**
 * The grid is an island that hydrates when it comes into view: bring it there. After
 * hydration the hidden face of every card is inert: a reliable "scripts are live" signal.
 */
async function waitForFlipCards(page: Page): Promise<void> {
  await page.locator("[data-testid^='service-card-']").first().scrollIntoViewIfNeeded();
  await expect(page.locator("[data-testid^='service-card-'] [role='group'][inert]")).toHaveCount(SERVICE_SLUGS.length);
}

test.describe("home page content", () => {
  test("hero: headline, primary and secondary buttons, Greenville VoIP link", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Bridging Your Technology to Success");
    await expect(main.getByRole("link", { name: "Get Started Today", exact: true })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Explore Services →", exact: true })).toHaveAttribute("href", "/services");
    const hero = main.locator("section").first();
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hero.locator("a[href='/greenville-voip']")).toBeVisible();
    await expect(hero.getByRole("link", { name: "DISCOVER MORE" })).toBeVisible();
  });

  test("services, case studies and resources sections with their buttons", async ({ page, request }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "View All Service Details", exact: true })).toHaveAttribute("href", "/services");
    await expect(main.locator("[data-testid^='service-card-']")).toHaveCount(SERVICE_SLUGS.length);

    // Our Work: exactly the first three case studies, each with its client and location.
    const work = sectionWithLink(page, "View All Case Studies");
    await expect(work.getByRole("link", { name: "View All Case Studies", exact: true })).toHaveAttribute("href", "/case-studies");
    const workCards = work.getByRole("listitem").filter({ hasText: "Client:" });
    await expect(workCards).toHaveCount(3);
    for (const card of await workCards.all()) {
      await expect(card).toContainText("Location:");
      await expect(card.getByRole("heading")).toHaveCount(1);
    }

    // Latest Resources: the first three posts of /blog, each with a Read Article link.
    const resources = sectionWithLink(page, "View All Resources");
    await expect(resources.getByRole("link", { name: "View All Resources", exact: true })).toHaveAttribute("href", "/blog");
    const readLinks = resources.getByRole("link", { name: /^Read Article/ });
    await expect(readLinks).toHaveCount(3);
    const homeHrefs = await hrefsOf(readLinks);
    for (const href of homeHrefs) expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    const blogHtml = await (await request.get("/blog")).text();
    const blogOrder = [...new Set(anchorHrefs(blogHtml).filter((href) => /^\/blog\/[a-z0-9-]+$/.test(href)))];
    expect(homeHrefs).toEqual(blogOrder.slice(0, 3));
  });

  test("call to action: quote and consultation buttons, phone, e-mail, hours", async ({ page }) => {
    await page.goto("/");
    const cta = sectionWithLink(page, "Get a Free Quote");
    await expect(cta.getByRole("link", { name: "Get a Free Quote", exact: true })).toHaveAttribute("href", "/contact?service=quote");
    await expect(cta.getByRole("link", { name: "Schedule a Consultation", exact: true })).toHaveAttribute(
      "href",
      "/contact?service=consultation",
    );
    await expect(cta.locator("a[href^='tel:+1']")).toHaveCount(1);
    await expect(cta.locator("a[href^='mailto:']")).toHaveCount(1);
    await expect(cta).toContainText("Mon-Fri 8AM-6PM");
    await expect(cta).toContainText("Upstate South Carolina");
    const tel = await cta.locator("a[href^='tel:']").getAttribute("href");
    expect(tel).toMatch(/^tel:\+1\d{10}$/);
  });
});

test.describe("service flip cards", () => {
  test("every card starts unflipped, flips to its §9 statistic and links, and flips back", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/");
    await waitForFlipCards(page);
    for (const slug of SERVICE_SLUGS) {
      const card = flipCard(page, slug);
      const stat = SERVICE_STATISTICS[slug]!;
      await expect(card).toHaveAttribute("data-flipped", "false");
      await card.getByRole("button", { name: /^View details/ }).click();
      await expect(card).toHaveAttribute("data-flipped", "true");
      const back = card.getByRole("group");
      await expect(back).toContainText(stat.value);
      await expect(back).toContainText(stat.label);
      await expect(back.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", `/services/${slug}`);
      await expect(back.getByRole("link", { name: /^Quick Contact/ })).toHaveAttribute("href", `/contact?service=${slug}`);
      // The card turns: the inner element is rotated half a turn about the y axis.
      await expect
        .poll(() => card.locator(".flip-inner").evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m11))
        .toBeCloseTo(-1, 2);
      await back.getByRole("button", { name: /^Back/ }).click();
      await expect(card).toHaveAttribute("data-flipped", "false");
      await expect(card.getByRole("button", { name: /^View details/ })).toBeFocused();
    }
  });

  test("the statistic shown is the card's own (flipping one card leaves the others alone)", async ({ page }) => {
    await page.goto("/");
    await waitForFlipCards(page);
    await flipCard(page, "sd-wan").getByRole("button", { name: /^View details/ }).click();
    await expect(flipCard(page, "sd-wan")).toHaveAttribute("data-flipped", "true");
    await expect(flipCard(page, "sd-wan").getByRole("group")).toContainText("65%");
    await expect(flipCard(page, "managed-internet")).toHaveAttribute("data-flipped", "false");
    await expect(flipCard(page, "starlink")).toHaveAttribute("data-flipped", "false");
  });

  test("keyboard: Tab to View details, Enter flips, focus on the back face, Tab reaches Learn More", async ({ page }) => {
    await page.goto("/");
    await waitForFlipCards(page);
    const firstSlug = SERVICE_SLUGS[0]!;
    const card = flipCard(page, firstSlug);
    await page.getByRole("link", { name: "DISCOVER MORE" }).focus();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: /^View details/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-flipped", "true");
    await expect(card.getByRole("group")).toBeFocused();
    await page.keyboard.press("Tab");
    const learnMore = card.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toBeFocused();
    await expect(learnMore).toHaveAttribute("href", `/services/${firstSlug}`);
    await page.keyboard.press("Tab");
    await expect(card.getByRole("link", { name: /^Quick Contact/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: /^Back/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card).toHaveAttribute("data-flipped", "false");
    await expect(card.getByRole("button", { name: /^View details/ })).toBeFocused();
  });

  test("the flip transition lasts 0.4s", async ({ page }) => {
    await page.goto("/");
    const inner = flipCard(page, "managed-internet").locator(".flip-inner");
    const style = await inner.evaluate((el) => {
      const computed = getComputedStyle(el);
      return { duration: computed.transitionDuration, property: computed.transitionProperty };
    });
    expect(style.duration).toBe("0.4s");
    expect(style.property).toContain("transform");
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("the flip is effectively instant", async ({ page }) => {
      await page.goto("/");
      const duration = await flipCard(page, "managed-internet")
        .locator(".flip-inner")
        .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
      expect(duration).toBeLessThan(0.01);
    });
  });
});

test.describe("DISCOVER MORE", () => {
  test("scrolls the window down by exactly one viewport height", async ({ page }) => {
    await page.goto("/");
    // A plain anchor; its script runs before the load event goto waits for.
    const link = page.getByRole("link", { name: "DISCOVER MORE" });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const viewportHeight = await page.evaluate(() => window.innerHeight);
    await link.click();
    // Smooth scrolling: poll until the window settles one viewport further down.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThanOrEqual(viewportHeight - 1);
    await page.waitForTimeout(300);
    const settled = await page.evaluate(() => window.scrollY);
    expect(Math.abs(settled - viewportHeight)).toBeLessThanOrEqual(1);
    expect(new URL(page.url()).hash).toBe("");
  });
});
