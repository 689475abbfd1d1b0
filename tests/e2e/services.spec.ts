import { expect, test } from "./fixtures";
import { decodeEntities, elementsByTag, hrefsOf, htmlToText, SERVICE_SLUGS } from "./helpers";

test.describe("/services grid", () => {
  test("nine cards with icon, title, description, features and a Learn More link", async ({ page }) => {
    await page.goto("/services");
    const grid = page.getByRole("main").getByRole("region", { name: "All services" });
    const cards = grid.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Learn More/ }) });
    await expect(cards).toHaveCount(9);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading", { level: 2 })).toHaveCount(1);
      await expect(card.locator("svg").first()).toBeVisible();
      await expect(card.locator("p").first()).not.toBeEmpty();
      await expect(card.getByRole("list").getByRole("listitem")).toHaveCount(3);
    }
    const hrefs = await hrefsOf(grid.getByRole("link", { name: /^Learn More/ }));
    const expected = SERVICE_SLUGS.map((slug) => (slug === "voip-phone-systems" ? "/greenville-voip" : `/services/${slug}`));
    expect([...hrefs].sort()).toEqual([...expected].sort());
    const voipCard = cards.filter({ has: page.getByRole("heading", { name: "VoIP Phone Systems" }) });
    await expect(voipCard.getByRole("link", { name: /^Learn More/ })).toHaveAttribute("href", "/greenville-voip");
  });

  test("Need a Custom Solution? banner with Request a Consultation", async ({ page }) => {
    await page.goto("/services");
    const banner = page.getByRole("region", { name: "Need a Custom Solution?" });
    await expect(banner.getByRole("heading", { name: "Need a Custom Solution?" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Request a Consultation", exact: true })).toHaveAttribute("href", "/contact");
  });

  test("Learn More opens the service detail page", async ({ page }) => {
    await page.goto("/services");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "SD-WAN", exact: true }) });
    await card.getByRole("link", { name: /^Learn More/ }).click();
    await expect(page).toHaveURL(/\/services\/sd-wan$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("SD-WAN");
  });
});

test.describe("service detail pages", () => {
  test("managed internet: title, description, Key Features, image and the three actions", async ({ page }) => {
    await page.goto("/services/managed-internet");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Managed Internet & Failover");
    await expect(main.getByRole("heading", { level: 1 }).locator("xpath=../following-sibling::p[1]")).toContainText("failover");
    const features = main.getByRole("region", { name: "Key Features" });
    await expect(features.getByRole("heading", { name: "Key Features" })).toBeVisible();
    // Features plus the optional extra features: 3 + 4.
    await expect(features.getByRole("listitem")).toHaveCount(7);
    // The image box: the photo, or its failure placeholder carrying the same alt text.
    const imageBox = main.locator("[data-state]");
    await expect(imageBox).toHaveCount(1);
    await expect(imageBox.locator("img[alt], [role='img'][aria-label]")).toHaveCount(1);
    await expect(imageBox).toBeVisible();
    await expect(main.getByRole("heading", { name: "Additional Information" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Get a Quote", exact: true })).toHaveAttribute("href", "/contact?service=managed-internet");
    await expect(main.getByRole("link", { name: "View Related Projects" })).toHaveAttribute("href", "/case-studies");
    await expect(main.getByRole("link", { name: "Back to Services" })).toHaveAttribute("href", "/services");
  });

  test("every service page links its CTA to /contact?service={slug}", async ({ request }) => {
    // Server HTML is enough here (and fast): the links are plain anchors.
    for (const slug of SERVICE_SLUGS) {
      const response = await request.get(`/services/${slug}`);
      expect(response.status(), slug).toBe(200);
      const html = await response.text();
      expect(elementsByTag(html, "h1"), slug).toHaveLength(1);
      expect(elementsByTag(html, "h2").map(htmlToText), slug).toContain("Key Features");
      const anchors = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map((match) => ({
        href: decodeEntities(match[1] ?? ""),
        text: htmlToText(match[2] ?? ""),
      }));
      const main = (label: string) => anchors.filter((anchor) => anchor.text === label).map((anchor) => anchor.href);
      expect([...main("Get a Quote"), ...main("Request Information")], slug).toEqual([`/contact?service=${slug}`]);
      expect(main("View Related Projects"), slug).toEqual(["/case-studies"]);
      expect(main("Back to Services"), slug).toEqual(["/services"]);
    }
  });

  test("VoIP has an Additional Information section", async ({ page }) => {
    await page.goto("/services/voip-phone-systems");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("VoIP Phone Systems");
    const details = main.getByRole("region", { name: "Additional Information" });
    await expect(details).toBeVisible();
    expect(await details.locator("p").count()).toBeGreaterThanOrEqual(1);
    await expect(details).toContainText("port");
  });

  test("Back to Services returns to the grid", async ({ page }) => {
    await page.goto("/services/starlink");
    await page.getByRole("link", { name: "Back to Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("region", { name: "Need a Custom Solution?" })).toBeVisible();
  });
});
