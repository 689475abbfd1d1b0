import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function expectWarningCard(page: Page, title: string, message: string): Promise<void> {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(main.getByText(message, { exact: true })).toBeVisible();
  // The warning icon sits beside the heading, in the same card.
  const icon = main.locator("svg.lucide-triangle-alert");
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute("aria-hidden", "true");
  // Still a site page: header and footer around it.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
}

test.describe("not-found pages", () => {
  test("an unknown path answers 404 with the 404 card and a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectWarningCard(page, "404 Page Not Found", "Did you forget to add the page to the router?");
    const home = page.getByRole("main").getByRole("link", { name: /home/i });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bridging Your Technology to Success");
  });

  test("nested unknown paths are 404 too", async ({ request }) => {
    for (const path of ["/services/a/b", "/blog/a/b", "/about/more", "/industries/event-organizers"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("404 Page Not Found");
    }
  });

  test("an unknown service answers 404 with Service Not Found and a link to /services", async ({ page }) => {
    const response = await page.goto("/services/no-such-service");
    expect(response?.status()).toBe(404);
    await expectWarningCard(page, "Service Not Found", "The service you're looking for doesn't exist or has been moved.");
    await expect(page.getByRole("main").getByRole("link", { name: /services/i })).toHaveAttribute("href", "/services");
  });

  test("an unknown article answers 404 with Article Not Found and Back to Blog", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expectWarningCard(page, "Article Not Found", "The article you're looking for doesn't exist.");
    const back = page.getByRole("main").getByRole("link", { name: "Back to Blog" });
    await expect(back).toHaveAttribute("href", "/blog");
    await back.click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("query strings on static pages answer 200 and change nothing", async ({ page }) => {
    for (const path of ["/services", "/about"]) {
      await page.goto(path);
      const plain = await page.getByRole("main").innerText();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const query = `?x=${encodeURIComponent("<script>alert(1)</script>")}&service=%22%3E%3Cimg%20src%3Dx%3E`;
      const response = await page.goto(`${path}${query}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.getByRole("main").innerText(), path).toBe(plain);
      expect(await page.locator("main img[src='x']").count()).toBe(0);
      expect(dialogs).toEqual([]);
      page.removeAllListeners("dialog");
    }
  });
});

test("an unknown API path answers a JSON 404, whatever the method", async ({ request }) => {
  for (const method of ["GET", "POST", "DELETE"] as const) {
    const response = await request.fetch("/api/no-such-endpoint/here", { method });
    expect(response.status(), method).toBe(404);
    expect(response.headers()["content-type"], method).toContain("application/json");
    expect(await response.json(), method).toEqual({ error: "No such API endpoint." });
  }
});
