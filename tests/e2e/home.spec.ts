import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accessibleExpanded, anchorHrefs, hrefsOf, SERVICE_SLUGS, SERVICE_STATISTICS } from "./helpers";

function sectionWithLink(page: Page, name: string | RegExp): Locator {
  return page.getByRole("main").locator("section").filter({ has: page.getByRole("link", { name, exact: typeof name === "string" }) });
}

function flipCard(page: Page, slug: string): Locator {
  return page.getByTestId(`service-card-${slug}`);
}

/** The card's one control: the summary of its `<details>`, which holds whether it is flipped. */
function toggleOf(card: Locator): Locator {
  return card.locator("summary");
}

async function expectFlipped(card: Locator, flipped: boolean): Promise<void> {
  if (flipped) await expect(card.locator("details")).toHaveAttribute("open", "");
  else await expect(card.locator("details")).not.toHaveAttribute("open");
  expect(await accessibleExpanded(toggleOf(card))).toBe(flipped);
}

/** A click where the visitor sees the element, whatever layer takes it (Playwright's own click insists the element itself is hit). */
async function clickWhereShown(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  await element.page().mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

/** The back face of a card, found whether or not it is showing. */
function backOf(card: Locator): Locator {
  return card.getByRole("group", { name: /at a glance$/, includeHidden: true });
}

/** How far a face is turned towards the visitor: 1 facing, -1 turned away (the x scale of its transform). */
function facing(face: Locator): Promise<number> {
  return face.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m11);
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
    // Issue 30: every "Schedule a Consultation" leads to the booking page.
    await expect(cta.getByRole("link", { name: "Schedule a Consultation", exact: true })).toHaveAttribute("href", "/book");
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
    for (const slug of SERVICE_SLUGS) {
      const card = flipCard(page, slug);
      const stat = SERVICE_STATISTICS[slug]!;
      const back = backOf(card);
      await expectFlipped(card, false);
      await expect(back).toBeHidden();
      await expect(toggleOf(card)).toHaveAccessibleName(/^View details of /);
      await clickWhereShown(card.getByText("View details", { exact: true }));
      await expectFlipped(card, true);
      await expect(back).toBeVisible();
      await expect(back).toContainText(stat.value);
      await expect(back).toContainText(stat.label);
      await expect(back.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", `/services/${slug}`);
      await expect(back.getByRole("link", { name: /^Quick Contact/ })).toHaveAttribute("href", `/contact?service=${slug}`);
      // The card turns: the back face ends up facing the visitor, the front turned away.
      await expect.poll(() => facing(back)).toBeCloseTo(1, 2);
      await expect.poll(() => facing(card.locator(".flip-front"))).toBeCloseTo(-1, 2);
      await expect(toggleOf(card)).toHaveAccessibleName(/^Back to .+ summary$/);
      await clickWhereShown(back.getByText("Back", { exact: true }));
      await expectFlipped(card, false);
      await expect(back).toBeHidden();
      await expect(toggleOf(card)).toBeFocused();
    }
  });

  test("a tap anywhere on the card turns it, except on the back's links, which navigate", async ({ page }) => {
    await page.goto("/");
    const card = flipCard(page, "sd-wan");
    await clickWhereShown(card.getByRole("heading", { name: "SD-WAN" }));
    await expectFlipped(card, true);
    const learnMore = card.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toBeVisible();
    const linkBox = (await learnMore.boundingBox())!;
    await clickWhereShown(card.getByText("Cost Savings"));
    await expectFlipped(card, false);
    // A second tap while the back is still turning away lands where its link was: it turns the card, it follows no link.
    await page.mouse.click(linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2);
    await expectFlipped(card, true);
    await expect(page).toHaveURL(/\/$/);
    await learnMore.click();
    await expect(page).toHaveURL(/\/services\/sd-wan$/);
  });

  test("the statistic shown is the card's own (flipping one card leaves the others alone)", async ({ page }) => {
    await page.goto("/");
    await toggleOf(flipCard(page, "sd-wan")).click();
    await expectFlipped(flipCard(page, "sd-wan"), true);
    await expect(backOf(flipCard(page, "sd-wan"))).toContainText("65%");
    await expectFlipped(flipCard(page, "managed-internet"), false);
    await expectFlipped(flipCard(page, "starlink"), false);
  });

  test("keyboard: Tab to View details, Enter flips, Tab reaches Learn More and Quick Contact, Space flips back", async ({ page }) => {
    await page.goto("/");
    const firstSlug = SERVICE_SLUGS[0]!;
    const card = flipCard(page, firstSlug);
    const toggle = toggleOf(card);
    await page.getByRole("link", { name: "DISCOVER MORE" }).focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName(/^View details of /);
    await page.keyboard.press("Enter");
    await expectFlipped(card, true);
    // Focus stays on the toggle, which now names the way back.
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName(/^Back to .+ summary$/);
    await page.keyboard.press("Tab");
    const learnMore = card.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toBeFocused();
    await expect(learnMore).toHaveAttribute("href", `/services/${firstSlug}`);
    await page.keyboard.press("Tab");
    await expect(card.getByRole("link", { name: /^Quick Contact/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggleOf(flipCard(page, SERVICE_SLUGS[1]!))).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expectFlipped(card, false);
    // Once turned away, the back face leaves the tab order: Tab goes on to the next card.
    await expect(backOf(card)).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(toggleOf(flipCard(page, SERVICE_SLUGS[1]!))).toBeFocused();
  });

  test("the flip transition lasts 0.4s", async ({ page }) => {
    await page.goto("/");
    for (const face of [".flip-front", ".flip-back"]) {
      const timing = await flipCard(page, "managed-internet")
        .locator(face)
        .evaluate((el) => {
          const computed = getComputedStyle(el);
          const properties = computed.transitionProperty.split(", ");
          return computed.transitionDuration.split(", ")[properties.indexOf("transform")];
        });
      expect(timing, face).toBe("0.4s");
    }
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("the flip is effectively instant", async ({ page }) => {
      await page.goto("/");
      for (const face of [".flip-front", ".flip-back"]) {
        const durations = await flipCard(page, "managed-internet")
          .locator(face)
          .evaluate((el) => getComputedStyle(el).transitionDuration.split(", ").map(parseFloat));
        expect(Math.max(...durations), face).toBeLessThan(0.01);
      }
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
