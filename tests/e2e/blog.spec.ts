import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hrefsOf, waitForHydration } from "./helpers";

// These tests walk many filter states and two pages each: allow for a busy runner.
test.describe.configure({ timeout: 60_000 });

interface CardData {
  href: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  readTime: string;
}

function articleCards(page: Page): Locator {
  return page.getByRole("region", { name: "Articles" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Read Article/ }) });
}

async function readCards(page: Page): Promise<CardData[]> {
  return articleCards(page).evaluateAll((items) =>
    items.map((item) => {
      const heading = item.querySelector("h3");
      const meta = heading?.previousElementSibling;
      return {
        href: item.querySelector("a[href^='/blog/']")?.getAttribute("href") ?? "",
        title: heading?.textContent?.trim() ?? "",
        excerpt: heading?.nextElementSibling?.textContent?.trim() ?? "",
        category: meta?.firstElementChild?.textContent?.trim() ?? "",
        date: meta?.querySelector("time")?.textContent?.trim() ?? "",
        readTime: meta?.lastElementChild?.textContent?.trim() ?? "",
      };
    }),
  );
}

function matches(card: CardData, search: string, category: string | null): boolean {
  const needle = search.trim().toLowerCase();
  const text = !needle || card.title.toLowerCase().includes(needle) || card.excerpt.toLowerCase().includes(needle);
  return text && (category === null || card.category === category);
}

async function setup(page: Page) {
  await page.goto("/blog");
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await waitForHydration(search);
  const all = await readCards(page);
  expect(all.length).toBe(7);
  for (const card of all) {
    expect(card.title, "card title").not.toBe("");
    expect(card.excerpt, "card excerpt").not.toBe("");
    expect(card.category, "card category").not.toBe("");
  }
  const group = page.getByRole("group", { name: "Filter by category" });
  const categoryButton = (name: string) => group.getByRole("button", { name, exact: true });
  const visibleTitles = async () => (await readCards(page)).map((card) => card.title);
  const expectTitles = async (search: string, category: string | null) => {
    const expected = all.filter((card) => matches(card, search, category)).map((card) => card.title);
    await expect.poll(visibleTitles, { message: `search "${search}", category ${category ?? "All"}` }).toEqual(expected);
    return expected;
  };
  return { search, all, group, categoryButton, expectTitles };
}

test.describe("blog filters", () => {
  test("All plus one aria-pressed button per distinct category; each category filters exactly", async ({ page }) => {
    const { all, group, categoryButton, expectTitles } = await setup(page);
    const categories = [...new Set(all.map((card) => card.category))];
    const pressable = group.locator("button[aria-pressed]");
    await expect(pressable).toHaveText(["All", ...categories]);
    await expect(categoryButton("All")).toHaveAttribute("aria-pressed", "true");

    for (const category of categories) {
      await categoryButton(category).click();
      await expect(categoryButton(category)).toHaveAttribute("aria-pressed", "true");
      await expect(group.locator("button[aria-pressed='true']")).toHaveCount(1);
      const shown = await expectTitles("", category);
      expect(shown.length).toBeGreaterThan(0);
      for (const card of await readCards(page)) expect(card.category).toBe(category);
    }
    await categoryButton("All").click();
    await expect(categoryButton("All")).toHaveAttribute("aria-pressed", "true");
    await expectTitles("", null);
  });

  test("search is a case-insensitive substring match on title or excerpt", async ({ page }) => {
    const { search, all, expectTitles } = await setup(page);
    for (const term of ["STARLINK", "wifi", "Cabling"]) {
      await search.fill(term);
      const shown = await expectTitles(term, null);
      expect(shown.length, term).toBeGreaterThan(0);
      expect(shown.length, term).toBeLessThan(all.length);
    }
    // "Cabling" appears only in an excerpt: excerpts are searched too.
    const excerptOnly = all.filter((card) => !card.title.toLowerCase().includes("cabling") && card.excerpt.toLowerCase().includes("cabling"));
    expect(excerptOnly.length).toBeGreaterThan(0);
    await search.fill("   wIfI  ");
    await expectTitles("wifi", null);
  });

  test("search and category combine, and Reset Filters clears both", async ({ page }) => {
    const { search, all, group, categoryButton, expectTitles } = await setup(page);
    const categories = [...new Set(all.map((card) => card.category))];
    // Find a search term and category whose combination is narrower than either alone.
    let pair: { term: string; category: string } | undefined;
    for (const term of ["business", "network", "internet", "phone", "event", "your"]) {
      for (const category of categories) {
        const both = all.filter((card) => matches(card, term, category)).length;
        const termOnly = all.filter((card) => matches(card, term, null)).length;
        const categoryOnly = all.filter((card) => matches(card, "", category)).length;
        if (both > 0 && both < termOnly && both < categoryOnly) pair ??= { term, category };
      }
    }
    expect(pair, "a term/category pair that narrows the list").toBeDefined();
    const { term, category } = pair!;

    await search.fill(term);
    await categoryButton(category).click();
    await expectTitles(term, category);

    await group.getByRole("button", { name: "Reset Filters" }).click();
    await expect(search).toHaveValue("");
    await expect(categoryButton("All")).toHaveAttribute("aria-pressed", "true");
    await expectTitles("", null);
  });

  test("no match shows the empty state, whose Reset Filters restores the list", async ({ page }) => {
    const { search, all, categoryButton, expectTitles } = await setup(page);
    await search.fill("zz-no-such-topic-zz");
    await expectTitles("zz-no-such-topic-zz", null);
    const main = page.getByRole("main");
    await expect(main.getByText("No matching articles found")).toBeVisible();
    await expect(main.getByText("Try adjusting your search or filter criteria")).toBeVisible();
    await expect(articleCards(page)).toHaveCount(0);

    await main.getByRole("button", { name: "Reset Filters" }).last().click();
    await expect(search).toHaveValue("");
    await expect(main.getByText("No matching articles found")).toHaveCount(0);
    await expect(articleCards(page)).toHaveCount(all.length);

    // A category with a search that only matches elsewhere also ends in the empty state.
    const starlinkCategory = all.find((card) => card.title.toLowerCase().includes("starlink"))!.category;
    const otherCategory = all.find(
      (card) => card.category !== starlinkCategory && !all.some((other) => other.category === card.category && matches(other, "starlink", null)),
    )!.category;
    await search.fill("starlink");
    await categoryButton(otherCategory).click();
    expect(await expectTitles("starlink", otherCategory)).toEqual([]);
    await expect(main.getByText("No matching articles found")).toBeVisible();
    await categoryButton(starlinkCategory).click();
    expect((await expectTitles("starlink", starlinkCategory)).length).toBeGreaterThan(0);
  });

  test("each card links to its article", async ({ page }) => {
    const { all } = await setup(page);
    const target = all[1]!;
    await articleCards(page).nth(1).getByRole("link", { name: /^Read Article/ }).click();
    await expect(page).toHaveURL(new RegExp(`${target.href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.title);
  });
});

/** §9: the read times of the three full articles. */
const ARTICLES = [
  { slug: "sd-wan-vs-mpls", minutes: 15 },
  { slug: "starlink-for-business", minutes: 14 },
  { slug: "wifi-outdoor-event", minutes: 12 },
];

test.describe("article page", () => {
  for (const { slug, minutes } of ARTICLES) {
    test(`/blog/${slug}: meta, share links, image, anchored headings, related articles`, async ({ page }) => {
      await page.goto("/blog");
      const cards = await readCards(page);
      const card = cards.find((candidate) => candidate.href === `/blog/${slug}`);
      expect(card, `${slug} is listed on /blog`).toBeDefined();
      const expectedRelated = cards.map((candidate) => candidate.href).filter((href) => href !== `/blog/${slug}`).slice(0, 2);

      await page.goto(`/blog/${slug}`);
      const article = page.getByRole("main").getByRole("article");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(card!.title);
      await expect(article.getByText(card!.category, { exact: true }).first()).toBeVisible();
      await expect(article.locator("time").first()).toHaveText(card!.date);
      await expect(article.getByText(`${minutes} min read`, { exact: true })).toBeVisible();
      expect(card!.readTime).toBe(`${minutes} min read`);
      await expect(article.getByText(/^By \S.+/)).toBeVisible();

      // Share links: new tab, no opener, the article's absolute URL encoded.
      const canonical = await page.locator("link[rel='canonical']").getAttribute("href");
      expect(canonical).toBeTruthy();
      expect(new URL(canonical!).pathname).toBe(`/blog/${slug}`);
      const encoded = encodeURIComponent(canonical!);
      for (const [network, host] of [
        ["Facebook", "www.facebook.com"],
        ["Twitter", "twitter.com"],
        ["LinkedIn", "www.linkedin.com"],
      ] as const) {
        const link = article.getByRole("link", { name: new RegExp(`^Share on ${network}`) });
        await expect(link).toHaveCount(1);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
        const href = (await link.getAttribute("href")) ?? "";
        expect(new URL(href).hostname).toBe(host);
        expect(href).toContain(`=${encoded}`);
        expect([...new URL(href).searchParams.values()]).toContain(canonical);
      }

      const imageBox = article.locator("[data-state]");
      await expect(imageBox).toHaveCount(1);
      await expect(imageBox).toBeVisible();
      await expect(imageBox.locator("img[alt], [role='img'][aria-label]")).toHaveCount(1);

      const headings = article.locator(".prose-article").locator("h2, h3");
      expect(await headings.count()).toBeGreaterThanOrEqual(3);
      const ids = await headings.evaluateAll((elements) => elements.map((el) => el.id));
      for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
      expect(new Set(ids).size).toBe(ids.length);

      const related = page.getByRole("region", { name: "Related Articles" });
      const relatedLinks = related.getByRole("link", { name: /^Read Article/ });
      await expect(relatedLinks).toHaveCount(2);
      expect(await hrefsOf(relatedLinks)).toEqual(expectedRelated);

      await expect(article.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    });
  }

  test("Back to Blog returns to the list", async ({ page }) => {
    await page.goto("/blog/starlink-for-business");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(articleCards(page)).toHaveCount(7);
  });
});
