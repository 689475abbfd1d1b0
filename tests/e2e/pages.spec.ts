import type { Locator, Page } from "@playwright/test";
import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { hrefsOf, waitForHydration } from "./helpers";

const SPEC_INDUSTRIES = [
  "Event Organizers",
  "Broadcasting & Media",
  "Dental / Medical",
  "Retail & POS",
  "Rural Homes",
  "Scouts & Camps",
  "Local Government",
];

const SPEC_CASE_STUDY_CATEGORIES = ["Event WiFi", "Rural Connectivity", "Network Infrastructure", "Web Design", "Healthcare IT"];

test.describe("/industries", () => {
  test("seven industries, each with a description and Common Solutions", async ({ page }) => {
    await page.goto("/industries");
    const list = page.getByRole("region", { name: "Industries" });
    const cards = list.locator(":scope > ul > li");
    await expect(cards).toHaveCount(7);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(SPEC_INDUSTRIES);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading", { name: "Common Solutions" })).toBeVisible();
      expect(await card.getByRole("list").getByRole("listitem").count()).toBeGreaterThanOrEqual(1);
      const description = (await card.locator("p").first().textContent()) ?? "";
      expect(description.trim().length).toBeGreaterThan(40);
      // Cards are deep-link targets (the header's industry entries point at them).
      await expect(card).toHaveAttribute("id", /^[a-z0-9-]+$/);
    }
  });

  test("Is Your Industry Not Listed? banner links to /contact", async ({ page }) => {
    await page.goto("/industries");
    const banner = page.getByRole("region", { name: "Is Your Industry Not Listed?" });
    await expect(banner.getByRole("heading", { name: "Is Your Industry Not Listed?" })).toBeVisible();
    await expect(banner.getByRole("link")).toHaveAttribute("href", "/contact");
  });
});

test.describe("/case-studies", () => {
  test("projects grouped under category headings, each with image, category, title, description, client and location", async ({ page }) => {
    await page.goto("/case-studies");
    const main = page.getByRole("main");
    const groups = main.getByRole("region").filter({ has: page.getByRole("heading", { level: 2 }) }).filter({ hasText: "Client:" });
    await expect(groups.getByRole("heading", { level: 2 })).toHaveText(SPEC_CASE_STUDY_CATEGORIES);
    let total = 0;
    for (const group of await groups.all()) {
      const category = ((await group.getByRole("heading", { level: 2 }).textContent()) ?? "").trim();
      const cards = group.getByRole("listitem");
      const count = await cards.count();
      expect(count, `cards under ${category}`).toBeGreaterThanOrEqual(1);
      total += count;
      for (const card of await cards.all()) {
        await expect(card.locator("[data-state]")).toHaveCount(1);
        await expect(card.locator("p").first()).toHaveText(category);
        await expect(card.getByRole("heading", { level: 3 })).not.toBeEmpty();
        await expect(card.locator("dt", { hasText: "Client:" })).toBeVisible();
        await expect(card.locator("dt", { hasText: "Client:" }).locator("xpath=following-sibling::dd[1]")).not.toBeEmpty();
        await expect(card.locator("dt", { hasText: "Location:" })).toBeVisible();
        await expect(card.locator("dt", { hasText: "Location:" }).locator("xpath=following-sibling::dd[1]")).not.toBeEmpty();
      }
    }
    expect(total).toBe(6);
  });
});

test.describe("/about", () => {
  test("story, mission, four values, five certifications, service areas and a contact button", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main).toContainText("2015");
    const story = main.getByRole("region", { name: "Our Story" });
    expect(await story.locator("p").count()).toBeGreaterThanOrEqual(1);
    await expect(main.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Our Mission" }).locator("xpath=following-sibling::p[1]")).not.toBeEmpty();
    await expect(main.getByRole("region", { name: "Our Values" }).getByRole("listitem")).toHaveCount(4);
    await expect(main.getByRole("region", { name: "Certifications" }).getByRole("listitem")).toHaveCount(5);
    const areas = main.getByRole("region", { name: "Service Areas" });
    for (const place of ["South Carolina", "Greenville", "Spartanburg", "Columbia", "Charleston", "North Carolina", "Asheville", "Charlotte", "Raleigh", "Georgia", "Atlanta", "Athens"]) {
      await expect(areas).toContainText(place);
    }
    await expect(areas).toContainText("nationwide");
    expect(await hrefsOf(main.getByRole("link"))).toContain("/contact");
  });
});

test.describe("/greenville-voip", () => {
  test("hero, five features, service area, call to action with 15-minute note", async ({ page }) => {
    await page.goto("/greenville-voip");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText("Greenville");
    const features = main.getByRole("region", { name: /Everything your phones/ }).getByRole("heading", { level: 3 });
    await expect(features).toHaveCount(5);
    const featureNames = (await features.allTextContents()).join(" | ").toLowerCase();
    for (const feature of ["softphone app", "business sms", "voicemail transcription", "hunt lists", "call routing", "local support"]) {
      expect(featureNames).toContain(feature);
    }
    const area = main.getByRole("region", { name: /^Serving/ });
    for (const city of ["Greenville", "Taylors", "Mauldin"]) await expect(area).toContainText(city);
    const cta = main.getByRole("region").filter({ hasText: "15-minute" });
    await expect(cta).toHaveCount(1);
    await expect(cta.getByRole("link", { name: /VoIP Assessment/i })).toHaveAttribute("href", /^\/contact(\?service=[a-z-]+)?$/);
  });
});

test.describe("FAQ accordion on /greenville-voip", () => {
  async function faq(page: Page): Promise<{ triggers: Locator; panelOf: (trigger: Locator) => Promise<Locator> }> {
    await page.goto("/greenville-voip");
    const section = page.getByRole("region", { name: "Frequently Asked Questions" });
    const triggers = section.getByRole("button");
    await expect(triggers).toHaveCount(5);
    await waitForHydration(triggers.first());
    return {
      triggers,
      // Radix sets aria-controls only while open; the panel is always labelled by its trigger.
      panelOf: async (trigger) => {
        const id = await trigger.getAttribute("id");
        expect(id).toBeTruthy();
        const panel = page.locator(`[aria-labelledby="${id}"]`);
        await expect(panel).toHaveCount(1);
        return panel;
      },
    };
  }

  test("five questions covering porting, features, setup, local support and integrations; all closed at start", async ({ page }) => {
    const { triggers, panelOf } = await faq(page);
    const questions = (await triggers.allTextContents()).join(" | ").toLowerCase();
    for (const topic of ["number", "features", "setup", "local", "crm"]) expect(questions).toContain(topic);
    for (const trigger of await triggers.all()) {
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await expect(await panelOf(trigger)).toBeHidden();
    }
    // §3: setup comes with white-glove onboarding.
    await expect(await panelOf(triggers.filter({ hasText: /setup/i }))).toContainText("white-glove onboarding");
  });

  test("at most one item is open, and clicking the open one closes it", async ({ page }) => {
    const { triggers, panelOf } = await faq(page);
    const first = triggers.nth(0);
    const second = triggers.nth(1);
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(await panelOf(first)).toBeVisible();
    await expect(await panelOf(first)).toContainText("port");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(await panelOf(second)).toBeVisible();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(await panelOf(first)).toBeHidden();
    await expect(triggers.and(page.locator("[aria-expanded='true']"))).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(await panelOf(second)).toBeHidden();
    await expect(triggers.and(page.locator("[aria-expanded='true']"))).toHaveCount(0);
  });

  test("works from the keyboard with Enter and Space", async ({ page }) => {
    const { triggers, panelOf } = await faq(page);
    const third = triggers.nth(2);
    const fourth = triggers.nth(3);
    await third.focus();
    await page.keyboard.press("Enter");
    await expect(third).toHaveAttribute("aria-expanded", "true");
    await expect(await panelOf(third)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(fourth).toBeFocused();
    await page.keyboard.press("Space");
    await expect(fourth).toHaveAttribute("aria-expanded", "true");
    await expect(third).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(fourth).toHaveAttribute("aria-expanded", "false");
    await expect(await panelOf(fourth)).toBeHidden();
  });
});

test.describe("legal pages and sitemap", () => {
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    test(`${path} has real content`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
      const body = main.locator(".prose-article");
      expect(await body.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      expect(((await body.textContent()) ?? "").length).toBeGreaterThan(1000);
      // Business facts are filled in, not left as template tokens.
      await expect(body).not.toContainText("{{");
    });
  }

  test("/sitemap lists links to every public page", async ({ page }) => {
    await page.goto("/sitemap");
    const main = page.getByRole("main");
    const hrefs = new Set(await hrefsOf(main.getByRole("link")));
    expect(hrefs.size).toBeGreaterThan(30);
    for (const path of PUBLIC_PAGES.filter((p) => p !== "/sitemap")) expect([...hrefs], path).toContain(path);
    for (const path of ["/contact", "/survey"]) expect([...hrefs]).toContain(path);
  });
});
