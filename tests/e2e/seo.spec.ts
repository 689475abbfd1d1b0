import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { sitemapPaths } from "../support/public-pages";

const BRAND = "Saluda Ridge Technologies";
type JsonLd = Record<string, unknown> & { "@type"?: string | string[] };

async function jsonLdBlocks(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

function ofType(blocks: JsonLd[], type: string): JsonLd[] {
  return blocks.filter((block) => block["@type"] === type || (Array.isArray(block["@type"]) && block["@type"].includes(type)));
}

function meta(page: Page, key: string) {
  return page.locator(`meta[name="${key}"], meta[property="${key}"]`).first();
}

async function pngSize(request: APIRequestContext, url: string) {
  const response = await request.get(new URL(url).pathname);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
  const body = await response.body();
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe("page metadata", () => {
  for (const path of [...PUBLIC_PAGES, "/contact"]) {
    test(`${path} has complete metadata in the server HTML`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<link rel="canonical"');
      await page.goto(path);
      const title = await page.title();
      expect(title).toContain(BRAND);
      expect(title.split(BRAND).length - 1, "brand appears once").toBe(1);
      await expect(meta(page, "description")).toHaveAttribute("content", /.{40,}/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(/^https?:\/\//);
      expect(new URL(canonical!).pathname).toBe(path === "/" ? "/" : path);
      await expect(meta(page, "robots")).toHaveAttribute("content", "index, follow");
      await expect(meta(page, "og:title")).toHaveAttribute("content", title);
      await expect(meta(page, "og:description")).toHaveAttribute("content", /.{40,}/);
      await expect(meta(page, "og:url")).toHaveAttribute("content", canonical!);
      await expect(meta(page, "og:locale")).toHaveAttribute("content", "en_US");
      await expect(meta(page, "og:type")).toHaveAttribute("content", path.startsWith("/blog/") ? "article" : "website");
      await expect(meta(page, "og:image:width")).toHaveAttribute("content", "1200");
      await expect(meta(page, "og:image:height")).toHaveAttribute("content", "630");
      await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");
      await expect(meta(page, "geo.region")).toHaveAttribute("content", "US-SC");
      await expect(meta(page, "revisit-after")).toHaveAttribute("content", "7 days");
      const image = await meta(page, "og:image").getAttribute("content");
      expect(await pngSize(request, image!)).toEqual({ width: 1200, height: 630 });
    });
  }

  test("articles carry author and published time, and their own social image", async ({ page, request }) => {
    await page.goto("/blog/starlink-for-business");
    await expect(meta(page, "author")).toHaveAttribute("content", /\w+ \w+/);
    await expect(meta(page, "article:published_time")).toHaveAttribute("content", /^2023-0[3-6]-\d\d/);
    await expect(meta(page, "article:modified_time")).toHaveAttribute("content", /^2023-/);
    const image = await meta(page, "og:image").getAttribute("content");
    expect(new URL(image!).pathname).toBe("/og/blog/starlink-for-business.png");
    expect(await pngSize(request, image!)).toEqual({ width: 1200, height: 630 });
    await page.goto("/services/sd-wan");
    expect(new URL((await meta(page, "og:image").getAttribute("content"))!).pathname).toBe("/og/services/sd-wan.png");
  });

  for (const path of ["/survey", "/search", "/search?q=wifi"]) {
    test(`${path} is noindex`, async ({ page }) => {
      await page.goto(path);
      await expect(meta(page, "robots")).toHaveAttribute("content", /noindex/);
    });
  }
});

test.describe("structured data", () => {
  test("every public page declares the business and the site search", async ({ page }, testInfo) => {
    testInfo.setTimeout(120_000);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const blocks = await jsonLdBlocks(page);
      for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
      const [business] = ofType(blocks, "LocalBusiness").filter((b) => String(b["@id"]).endsWith("/#business"));
      expect(business, path).toBeTruthy();
      expect(business).toMatchObject({ name: BRAND, telephone: expect.any(String), email: expect.stringContaining("@") });
      expect(business!.address).toMatchObject({ "@type": "PostalAddress", addressRegion: "SC", addressCountry: "US" });
      expect(business!.openingHoursSpecification).toEqual([
        expect.objectContaining({ opens: "08:30", closes: "17:30", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] }),
      ]);
      expect(business!.openingHours).toEqual(["Mo-Fr 08:30-17:30", "Mo-Fr 08:00-18:00"]);
      const cities = (business!.areaServed as { name: string }[]).map((city) => city.name);
      expect(cities).toEqual(["Greenville", "Spartanburg", "Columbia", "Charleston", "Asheville", "Charlotte", "Raleigh", "Atlanta", "Athens"]);
      const [website] = ofType(blocks, "WebSite");
      const action = website!.potentialAction as { target: { urlTemplate: string }; "query-input": string };
      expect(action.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
      expect(action["query-input"]).toBe("required name=search_term_string");
      if (path !== "/") {
        const [breadcrumbs] = ofType(blocks, "BreadcrumbList");
        const items = breadcrumbs!.itemListElement as { position: number; name: string; item: string }[];
        expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
        expect(items[0]!.name).toBe("Home");
        expect(new URL(items.at(-1)!.item).pathname).toBe(path);
      }
    }
  });

  test("the contact page is a ContactPage", async ({ page }) => {
    await page.goto("/contact");
    const [contact] = ofType(await jsonLdBlocks(page), "ContactPage");
    expect(contact).toMatchObject({ name: expect.stringContaining(BRAND), url: expect.stringMatching(/\/contact$/) });
  });

  test("the Greenville VoIP page has a 25 km service circle and its FAQ", async ({ page }) => {
    await page.goto("/greenville-voip");
    const blocks = await jsonLdBlocks(page);
    const local = ofType(blocks, "LocalBusiness").find((b) => String(b["@id"]).includes("/greenville-voip"));
    expect(local!.areaServed).toMatchObject({
      "@type": "GeoCircle",
      geoRadius: 25000,
      geoMidpoint: { "@type": "GeoCoordinates", latitude: expect.closeTo(34.85, 1), longitude: expect.closeTo(-82.39, 1) },
    });
    const [faq] = ofType(blocks, "FAQPage");
    const questions = faq!.mainEntity as { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    const visible = await page.locator("main h3").allTextContents();
    expect(questions).toHaveLength(5);
    for (const question of questions) {
      expect(question["@type"]).toBe("Question");
      expect(question.acceptedAnswer["@type"]).toBe("Answer");
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(40);
      expect(visible).toContain(question.name);
    }
  });

  test("each article is an Article and each service a Service", async ({ page }) => {
    await page.goto("/blog/wifi-outdoor-event");
    const [article] = ofType(await jsonLdBlocks(page), "Article");
    expect(article).toMatchObject({
      headline: await page.locator("h1").textContent(),
      datePublished: expect.stringMatching(/^2023-/),
      author: { "@type": "Person", name: expect.any(String) },
      publisher: expect.objectContaining({ name: BRAND }),
      image: [expect.stringMatching(/\/og\/blog\/wifi-outdoor-event\.png$/)],
    });
    await page.goto("/services/security-cameras");
    const [service] = ofType(await jsonLdBlocks(page), "Service");
    expect(service).toMatchObject({ name: "Security Cameras", provider: expect.objectContaining({ name: BRAND }) });
    expect((service!.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement.length).toBeGreaterThanOrEqual(3);
  });
});

test.describe("sitemap, robots and feed", () => {
  test("sitemap.xml lists every indexable URL with lastmod, and only those", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    const paths = sitemapPaths(xml);
    expect(paths).toHaveLength(entries.length);
    for (const entry of entries) expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    for (const path of [...PUBLIC_PAGES, "/contact"]) expect(paths).toContain(path);
    for (const path of ["/survey", "/search", "/admin/login", "/admin/surveys"]) expect(paths).not.toContain(path);
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(7);
    expect(paths.filter((path) => path.startsWith("/services/"))).toHaveLength(9);
    for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
  });

  test("robots.txt allows the site, keeps crawlers out of /admin and /api, and names the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toMatch(/User-Agent: \*/i);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test("the RSS feed is well-formed, has every article and is linked from the blog", async ({ page, request }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    await page.goto("/blog");
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      if (doc.querySelector("parsererror")) return null;
      return [...doc.querySelectorAll("item")].map((item) => ({
        title: item.querySelector("title")?.textContent ?? "",
        link: item.querySelector("link")?.textContent ?? "",
        pubDate: item.querySelector("pubDate")?.textContent ?? "",
        description: item.querySelector("description")?.textContent ?? "",
      }));
    }, xml);
    expect(parsed).not.toBeNull();
    expect(parsed).toHaveLength(7);
    const cardTitles = await page.locator("main h3").allTextContents();
    for (const item of parsed!) {
      expect(cardTitles).toContain(item.title);
      expect(new URL(item.link).pathname).toMatch(/^\/blog\/[a-z0-9-]+$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.description.length).toBeGreaterThan(20);
    }
    for (const path of ["/blog", "/blog/sd-wan-vs-mpls"]) {
      await page.goto(path);
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", /\/blog\/rss\.xml$/);
    }
  });
});

test.describe("site search", () => {
  test("the header has a search entry point", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "Search the site" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("searchbox", { name: "Search the site" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Popular searches" })).toBeVisible();
  });

  test("finds services, articles and case studies, case-insensitively, with the match highlighted", async ({ page }) => {
    await page.goto("/search?q=STARLINK");
    const results = page.locator("main ol > li");
    await expect(results.first()).toBeVisible();
    const types = await results.locator("p:first-child").allTextContents();
    expect(types).toContain("Service");
    expect(types).toContain("Article");
    await expect(page.getByRole("link", { name: "Starlink Business Internet", exact: true })).toHaveAttribute("href", "/services/starlink");
    await expect(results.first().locator("mark").first()).toHaveText(/starlink/i);
    const upper = await results.count();
    await page.goto("/search?q=starlink");
    await expect(page.locator("main ol > li")).toHaveCount(upper);
  });

  test("matches body text, not only titles", async ({ page }) => {
    // "jitter" appears in the SD-WAN article's body, not in any title.
    await page.goto("/search?q=jitter");
    const result = page.locator("main ol > li").filter({ has: page.locator('a[href="/blog/sd-wan-vs-mpls"]') });
    await expect(result).toHaveCount(1);
    await expect(result.locator("mark").first()).toHaveText(/jitter/i);
  });

  test("shows an empty state with suggestions", async ({ page }) => {
    await page.goto("/search?q=zzqqxxnothing");
    await expect(page.getByRole("heading", { name: "No results for “zzqqxxnothing”" })).toBeVisible();
    await page.getByRole("link", { name: "SD-WAN", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=SD-WAN$/);
    await expect(page.locator("main ol > li").first()).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("searching is a plain form that the server answers", async ({ page }) => {
      await page.goto("/search");
      await page.getByRole("searchbox", { name: "Search the site" }).fill("event wifi");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search\?q=event\+wifi$/);
      await expect(page.locator("main ol > li").first()).toBeVisible();
    });
  });
});

test("every public page passes the Nu Html Checker", async ({ request }, testInfo) => {
  testInfo.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const pages = [...PUBLIC_PAGES, "/contact", "/survey", "/search", "/search?q=wifi", "/search?q=zzqq", "/no-such-page", "/services/nope", "/blog/nope"];
  const files: string[] = [];
  for (const [index, pagePath] of pages.entries()) {
    const file = path.join(dir, `page-${index}.html`);
    writeFileSync(file, await (await request.get(pagePath)).text());
    files.push(file);
  }
  const jar = path.join(process.cwd(), "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  let output: string;
  try {
    output = execFileSync("java", ["-jar", jar, "--errors-only", "--format", "gnu", ...files], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    output = String((error as { stderr?: string }).stderr ?? error);
  }
  const named = output.replace(/page-(\d+)\.html/g, (_, index: string) => pages[Number(index)] ?? index);
  expect(named.trim(), named).toBe("");
});
