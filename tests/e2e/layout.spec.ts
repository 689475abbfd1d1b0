import { sitemapPaths } from "../support/public-pages";
import { expect, PUBLIC_PAGES, test } from "./fixtures";

const WIDTHS = [375, 768, 1280] as const;

/** No page scrolls sideways at phone, tablet or desktop width. */
for (const path of PUBLIC_PAGES) {
  test(`${path} has no horizontal overflow at ${WIDTHS.join(", ")} px`, async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS[0], height: 812 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 812 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const result = await page.evaluate(() => {
        const root = document.documentElement;
        const limit = root.clientWidth;
        const overflow = root.scrollWidth - limit;
        // Name the widest culprits, to make a failure readable.
        const culprits =
          overflow > 0
            ? [...document.querySelectorAll("body *")]
                .filter((el) => el.getBoundingClientRect().right > limit + 1)
                .slice(-5)
                .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`)
            : [];
        return { overflow, culprits };
      });
      expect(result.overflow, `${path} at ${width}px overflows by ${result.overflow}px: ${result.culprits.join(" | ")}`).toBeLessThanOrEqual(0);
    }
  });
}

/**
 * The narrowest phone in use (320 px, issue 29 §4): no public route scrolls sideways, with
 * scripts or without them (the no-script header and forms differ). Every route: the pages of
 * the built sitemap, plus the survey and a search, which are kept out of it on purpose.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 320 px ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 320, height: 640 } });

    test("no public route is wider than the screen", async ({ page, request }) => {
      test.setTimeout(180_000);
      const sitemap = await (await request.get("/sitemap.xml")).text();
      const routes = [...sitemapPaths(sitemap), "/survey", "/search?q=voip"];
      expect(routes.length).toBeGreaterThan(20);
      const wider: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        const { width, culprits } = await page.evaluate(() => {
          const root = document.documentElement;
          const limit = root.clientWidth;
          return {
            width: root.scrollWidth,
            culprits: [...document.querySelectorAll("body *")]
              .filter((el) => el.getBoundingClientRect().right > limit + 1)
              .slice(-3)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
          };
        });
        if (width > 320) wider.push(`${route}: ${width} px (${culprits.join(" | ")})`);
      }
      expect(wider).toEqual([]);
    });
  });
}
