import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { countWords, WORDS_PER_MINUTE } from "../../src/lib/reading-time";
import { readPostFiles } from "../support/post-files";
import { expect, test } from "./fixtures";

const posts = readPostFiles().map(({ slug, title, category, body }) => ({ slug, title, category, words: countWords(body), content: body }));

test.describe("articles", () => {
  test("the blog lists seven articles across the six categories, each opening as a full article", async ({ page }, testInfo) => {
    testInfo.setTimeout(120_000);
    await page.goto("/blog");
    const hrefs = await page.locator('main a[href^="/blog/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const slugs = [...new Set(hrefs)].map((href) => href!.replace("/blog/", ""));
    expect(slugs.sort()).toEqual(posts.map((post) => post.slug).sort());
    expect(new Set(posts.map((post) => post.category)).size).toBe(6);
    for (const slug of slugs) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.locator("h1")).toHaveText(posts.find((post) => post.slug === slug)!.title);
      await expect(page.getByText("Article Not Found")).toHaveCount(0);
      expect(await page.locator(".prose-article h2[id]").count(), `${slug} has section headings`).toBeGreaterThanOrEqual(4);
    }
  });

  test("the spec's three long reads take about 15, 14 and 12 minutes; the others at least 1,200 words", () => {
    const minutes = (slug: string) => Math.round(posts.find((post) => post.slug === slug)!.words / WORDS_PER_MINUTE);
    expect(minutes("sd-wan-vs-mpls")).toBe(15);
    expect(minutes("starlink-for-business")).toBe(14);
    expect(minutes("wifi-outdoor-event")).toBe(12);
    for (const post of posts.filter((p) => !["sd-wan-vs-mpls", "starlink-for-business", "wifi-outdoor-event"].includes(p.slug))) {
      expect(post.words, post.slug).toBeGreaterThanOrEqual(1200);
    }
  });

  test("the read time shown on the list and on each article is the one computed from its words", async ({ page }, testInfo) => {
    testInfo.setTimeout(120_000);
    await page.goto("/blog");
    for (const post of posts) {
      const expected = `${Math.max(1, Math.round(post.words / WORDS_PER_MINUTE))} min read`;
      const card = page.locator("main li").filter({ has: page.locator(`a[href="/blog/${post.slug}"]`) });
      await expect(card, post.slug).toContainText(expected);
    }
    for (const post of posts) {
      await page.goto(`/blog/${post.slug}`);
      await expect(page.locator("header").filter({ has: page.locator("h1") })).toContainText(
        `${Math.max(1, Math.round(post.words / WORDS_PER_MINUTE))} min read`,
      );
    }
  });

  test("every link inside an article resolves, and each article ends with a call to action to a contact preset", async ({ page, request }, testInfo) => {
    testInfo.setTimeout(180_000);
    for (const post of posts) {
      await page.goto(`/blog/${post.slug}`);
      const body = page.locator(".prose-article");
      const internal = await body.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      expect(internal.some((href) => href.startsWith("/contact?service=")), `${post.slug} links to a contact preset`).toBe(true);
      for (const href of new Set(internal)) expect((await request.get(href)).status(), `${post.slug} → ${href}`).toBe(200);
    }
  });

  test("Markdown renders with heading anchors, safe external links, tables and lists", async ({ page }, testInfo) => {
    testInfo.setTimeout(120_000);
    await page.goto("/blog/sd-wan-vs-mpls");
    const body = page.locator(".prose-article");
    const ids = await body.locator("h2, h3").evaluateAll((headings) => headings.map((heading) => heading.id));
    expect(ids.every((id) => /^[a-z0-9-]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    await expect(body.locator("table").first()).toBeVisible();
    await expect(body.locator("table th").first()).toBeVisible();
    await expect(body.locator("ul li").first()).toBeVisible();
    const fontSize = await body.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const lineHeight = await body.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(lineHeight / fontSize).toBeGreaterThanOrEqual(1.6);
    const width = await body.evaluate((el) => el.getBoundingClientRect().width);
    expect(width / fontSize).toBeLessThanOrEqual(75);
    // A heading id works as a deep link.
    const id = ids[2]!;
    await page.goto(`/blog/sd-wan-vs-mpls#${id}`);
    await expect(page.locator(`#${id}`)).toBeInViewport();

    for (const slug of posts.map((post) => post.slug)) {
      await page.goto(`/blog/${slug}`);
      const external = page.locator('.prose-article a[href^="http"]');
      for (const link of await external.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
    }
  });

  test("the article page ships no Markdown parser to the browser", async ({ page }) => {
    // Astro pages load their scripts (islands included, whenever they hydrate) from the
    // client build's _astro folder: none of it may carry the parser.
    const clientScripts = path.join(process.cwd(), "dist", "client", "_astro");
    const files = readdirSync(clientScripts).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(path.join(clientScripts, file), "utf8");
      expect(code, file).not.toContain("markedjs");
      expect(code, file).not.toContain("gray-matter");
    }
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") requested.push(new URL(request.url()).pathname);
    });
    await page.goto("/blog/wifi-outdoor-event", { waitUntil: "networkidle" });
    for (const script of requested) expect(script).toMatch(/^\/_astro\/[^/]+\.js$/);
    for (const inline of await page.locator("script:not([src])").allTextContents()) expect(inline).not.toContain("markedjs");
  });
});
