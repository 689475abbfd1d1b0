import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
test("axe sanity", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => { const i = document.createElement("img"); i.src = "/x.png"; document.querySelector("main")!.append(i); const a = document.createElement("p"); a.textContent="low"; a.style.color="#ddd"; document.querySelector("main")!.append(a); });
  const r = await new AxeBuilder({ page }).withTags(["wcag2a","wcag2aa","wcag21a","wcag21aa","wcag22aa"]).analyze();
  console.log(r.violations.map(v => v.id), r.passes.length, r.incomplete.map(v=>v.id));
  expect(r.violations.length).toBeGreaterThan(0);
});
test("overflow sanity", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/about");
  console.log(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]));
  await page.evaluate(() => { const d = document.createElement("div"); d.style.width="500px"; d.style.height="5px"; document.querySelector("main")!.append(d); });
  console.log(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]));
});
