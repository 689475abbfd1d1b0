import { expect, test } from "./fixtures";

test.describe("privacy policy and terms", () => {
  test("the privacy policy says what is collected, why, where, who sees it, for how long and how to have it deleted", async ({ page }) => {
    await page.goto("/privacy");
    const body = page.locator(".prose-article");
    const email = (await page.locator('footer a[href^="mailto:"]').first().textContent())!.trim();
    await expect(body).toContainText("Last updated:");
    await expect(body).toContainText(email);
    for (const field of ["business name", "employee", "device", "use the internet", "public WiFi", "interested", "comments", "type of project", "message"]) {
      await expect(body, field).toContainText(new RegExp(field, "i"));
    }
    for (const topic of [/cookie/i, /session/i, /delet/i, /months/i, /Google Maps/i, /administrator/i]) {
      await expect(body).toContainText(topic);
    }
    await expect(body).not.toContainText("{{");
  });

  test("the terms name the business, the governing law and how to reach it", async ({ page }) => {
    await page.goto("/terms");
    const body = page.locator(".prose-article");
    await expect(body).toContainText("Saluda Ridge Technologies");
    await expect(body).toContainText(/South Carolina/);
    await expect(body).toContainText("Last updated:");
    await expect(body).not.toContainText("{{");
  });
});
