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
