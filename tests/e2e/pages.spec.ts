import type { Locator, Page } from "@playwright/test";
import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { accessibleExpanded, hrefsOf } from "./helpers";

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
  /** Native disclosure widgets: each question is the summary of a `<details>`, its answer the rest. */
  async function faq(page: Page): Promise<{ questions: Locator; answerOf: (question: Locator) => Locator }> {
    await page.goto("/greenville-voip");
    const section = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = section.locator("details > summary");
    await expect(questions).toHaveCount(5);
    return { questions, answerOf: (question) => question.locator("xpath=following-sibling::*[1]") };
  }

  async function expectOpen(question: Locator, open: boolean): Promise<void> {
    const details = question.locator("xpath=..");
    if (open) await expect(details).toHaveAttribute("open", "");
    else await expect(details).not.toHaveAttribute("open");
    expect(await accessibleExpanded(question)).toBe(open);
  }

  test("five questions covering porting, features, setup, local support and integrations; all closed at start", async ({ page }) => {
    const { questions, answerOf } = await faq(page);
    const text = (await questions.allTextContents()).join(" | ").toLowerCase();
    for (const topic of ["number", "features", "setup", "local", "crm"]) expect(text).toContain(topic);
    for (const question of await questions.all()) {
      await expectOpen(question, false);
      await expect(answerOf(question)).toBeHidden();
      // Each question stays a heading inside its button.
      await expect(question.getByRole("heading", { level: 3 })).toHaveCount(1);
    }
    // §3: setup comes with white-glove onboarding.
    await expect(answerOf(questions.filter({ hasText: /setup/i }))).toContainText("white-glove onboarding");
  });

  test("at most one item is open, and clicking the open one closes it", async ({ page }) => {
    const { questions, answerOf } = await faq(page);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.click();
    await expectOpen(first, true);
    await expect(answerOf(first)).toBeVisible();
    await expect(answerOf(first)).toContainText("port");

    await second.click();
    await expectOpen(second, true);
    await expect(answerOf(second)).toBeVisible();
    await expectOpen(first, false);
    await expect(answerOf(first)).toBeHidden();
    await expect(page.locator("details[open]")).toHaveCount(1);

    await second.click();
    await expectOpen(second, false);
    await expect(answerOf(second)).toBeHidden();
    await expect(page.locator("details[open]")).toHaveCount(0);
  });

  test("works from the keyboard with Enter and Space", async ({ page }) => {
    const { questions, answerOf } = await faq(page);
    const third = questions.nth(2);
    const fourth = questions.nth(3);
    await third.focus();
    await page.keyboard.press("Enter");
    await expectOpen(third, true);
    await expect(answerOf(third)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(fourth).toBeFocused();
    await page.keyboard.press("Space");
    await expectOpen(fourth, true);
    await expectOpen(third, false);
    await page.keyboard.press("Enter");
    await expectOpen(fourth, false);
    await expect(answerOf(fourth)).toBeHidden();
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
