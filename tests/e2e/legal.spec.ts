import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./helpers";

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

  test("the privacy policy names every cookie the site sets, with its lifetime; a visitor gets none", async ({ page, context }) => {
    test.setTimeout(90_000);
    for (const path of ["/", "/services/sd-wan", "/greenville-voip", "/contact", "/survey", "/blog"]) await page.goto(path);
    expect(await context.cookies(), "cookies set while browsing the public site").toEqual([]);

    // The administrator signs in (page.request shares this browser's cookie jar).
    const signedInAt = Date.now() / 1000;
    const login = await page.request.post("/api/admin/login", { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(["sr_admin_device", "sr_admin_session"]);

    await page.goto("/privacy");
    const body = page.locator(".prose-article");
    const lifetimes: Record<string, string> = { sr_admin_session: "12 hours after signing in", sr_admin_device: "one year" };
    for (const cookie of cookies) {
      const entry = body.getByRole("listitem").filter({ hasText: cookie.name });
      await expect(entry, cookie.name).toHaveCount(1);
      await expect(entry, cookie.name).toContainText(lifetimes[cookie.name]!);
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.sameSite, cookie.name).toBe("Strict");
    }
    const hoursLeft = (name: string) => (cookies.find((cookie) => cookie.name === name)!.expires - signedInAt) / 3600;
    expect(hoursLeft("sr_admin_session")).toBeCloseTo(12, 1);
    expect(hoursLeft("sr_admin_device") / 24).toBeCloseTo(365, 1);
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
