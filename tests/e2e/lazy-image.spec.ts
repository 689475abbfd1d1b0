import type { Locator, Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ONE_PIXEL_PNG, scrollWindowTo } from "./helpers";

const STOCK_PHOTOS = "https://images.unsplash.com/**";

/** The lazy image boxes of the home page's Latest Resources cards: the last one is far below the fold. */
function resourceImageBoxes(page: Page): Locator {
  return page
    .getByRole("main")
    .locator("section")
    .filter({ has: page.getByRole("link", { name: "View All Resources" }) })
    .locator("[data-state]");
}

async function documentTop(box: Locator): Promise<number> {
  return box.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test.describe("lazy images", () => {
  test("a failed stock photo shows the grey placeholder with its alt text and an icon, keeping its size", async ({ page }) => {
    await page.goto("/case-studies");
    const box = page.getByRole("main").locator("[data-state]").last();
    await expect(box).toHaveAttribute("data-state", "waiting");
    // Until it is near the view the box holds no <img>; its alt text is in the <noscript> fallback.
    await expect(box.locator("img")).toHaveCount(0);
    const fallback = (await box.locator("noscript").textContent()) ?? "";
    const alt = /alt="([^"]*)"/.exec(fallback)?.[1]?.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
    expect(alt?.length).toBeGreaterThan(10);
    const before = await box.boundingBox();
    expect(before!.height).toBeGreaterThan(100);

    await box.scrollIntoViewIfNeeded();
    await expect(box).toHaveAttribute("data-state", "failed");
    const placeholder = box.getByRole("img", { name: alt!, exact: true });
    await expect(placeholder).toBeVisible();
    await expect(placeholder.locator("svg")).toBeVisible();
    await expect(box.locator("img")).toHaveCount(0);
    const after = await box.boundingBox();
    expect(after!.height).toBeCloseTo(before!.height, 0);
    expect(after!.width).toBeCloseTo(before!.width, 0);
    // The placeholder covers the whole box.
    const inner = await placeholder.boundingBox();
    expect(inner!.height).toBeCloseTo(after!.height, 0);
  });

  test("a stock photo that loads fades in to full opacity, requested as webp at quality 80", async ({ page }) => {
    const requested: URL[] = [];
    await page.route(STOCK_PHOTOS, async (route) => {
      requested.push(new URL(route.request().url()));
      await route.fulfill({ status: 200, contentType: "image/png", body: ONE_PIXEL_PNG });
    });
    await page.goto("/");
    const box = resourceImageBoxes(page).first();
    await box.scrollIntoViewIfNeeded();
    await expect(box).toHaveAttribute("data-state", "loaded");
    const img = box.locator("img");
    await expect(img).toHaveAttribute("src", /^https:\/\/images\.unsplash\.com\//);
    await expect.poll(() => img.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
    await expect(box.getByRole("img")).toHaveAttribute("alt", /\S/);

    expect(requested.length).toBeGreaterThan(0);
    for (const url of requested) {
      expect(url.searchParams.getAll("fm")).toEqual(["webp"]);
      expect(url.searchParams.getAll("q")).toEqual(["80"]);
      expect(url.searchParams.getAll("w")).toHaveLength(1);
    }
  });

  test("an image far below the fold gets no src until it comes within 50px of the viewport", async ({ page }) => {
    // Hold stock-photo requests open, so a started image stays in its loading state.
    const held: Route[] = [];
    const requested: string[] = [];
    await page.route(STOCK_PHOTOS, (route) => {
      requested.push(route.request().url());
      held.push(route);
    });
    await page.goto("/");
    const box = resourceImageBoxes(page).last();
    const img = box.locator("img");
    await expect(box).toHaveAttribute("data-state", "waiting");
    await expect(img).toHaveCount(0);

    const top = await documentTop(box);
    const viewportHeight = await page.evaluate(() => window.innerHeight);
    expect(top).toBeGreaterThan(viewportHeight * 3);

    // 150 px below the viewport: still waiting.
    await scrollWindowTo(page, top - viewportHeight - 150);
    await page.waitForTimeout(400);
    await expect(box).toHaveAttribute("data-state", "waiting");
    await expect(img).toHaveCount(0);

    // 20 px below the viewport (inside the 50px margin, not yet visible): it starts loading.
    await scrollWindowTo(page, top - viewportHeight - 20);
    expect(await box.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(0);
    await expect(box).toHaveAttribute("data-state", "loading");
    await expect(img).toHaveAttribute("src", /^https:\/\/images\.unsplash\.com\/.*fm=webp/);
    await expect.poll(() => requested.length).toBeGreaterThan(0);

    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  });

  test("the service detail image and the first listing photo are priority images: src and fetchpriority=high in the server HTML", async ({ request }) => {
    const html = await (await request.get("/services/managed-internet")).text();
    const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    const images = [...withoutNoscript.matchAll(/<img\s[^>]*>/g)].map((match) => match[0]);
    const priority = images.filter((tag) => /\sfetchpriority="high"/i.test(tag));
    expect(priority).toHaveLength(1);
    expect(priority[0]).toMatch(/\ssrc="https:\/\/images\.unsplash\.com\/[^"]+"/);
    expect(priority[0]).toMatch(/\ssrcset="[^"]+"/i);
    expect(priority[0]).toMatch(/\salt="[^"]+"/);

    // On a listing only the first card's photo (in view on arrival, even on a phone) is a
    // priority image; every other one ships as a sized placeholder with no <img> at all,
    // its <noscript> fallback the only source.
    for (const listingPath of ["/case-studies", "/blog"]) {
      const listingImages = [...(await (await request.get(listingPath)).text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, "").matchAll(/<img\s[^>]*>/g)];
      expect(listingImages, listingPath).toHaveLength(1);
      expect(listingImages[0]?.[0], listingPath).toMatch(/\sfetchpriority="high"/i);
    }
    const listingHtml = await (await request.get("/case-studies")).text();
    const listing = listingHtml.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    expect((listing.match(/data-state="waiting"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect((listingHtml.match(/<noscript><img /g) ?? []).length).toBeGreaterThanOrEqual(5);
  });
});
