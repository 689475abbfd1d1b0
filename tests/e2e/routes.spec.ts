import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { elementsByTag, htmlToText } from "./helpers";

/**
 * Every public page answers 200 with one h1 inside the shared header and footer,
 * and the server HTML already carries that h1 (the page is prerendered, not painted
 * by client scripts).
 */
for (const path of PUBLIC_PAGES) {
  test(`${path} answers 200 with one h1, the site header and footer, and is server-rendered`, async ({ page, request }) => {
    // Script errors (hydration mismatches included); failed photo downloads are expected here.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toBeAttached();
    await expect(page.getByRole("main")).toHaveCount(1);

    const h1Text = (await page.locator("h1").textContent())?.replace(/\s+/g, " ").trim() ?? "";
    expect(h1Text.length).toBeGreaterThan(3);

    const served = await request.get(path);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("text/html");
    const serverH1s = elementsByTag(await served.text(), "h1").map(htmlToText);
    expect(serverH1s, "the server HTML holds exactly the h1 the browser shows").toEqual([h1Text]);

    await page.waitForLoadState("load");
    expect(errors, "no script errors while loading and hydrating").toEqual([]);
  });
}
