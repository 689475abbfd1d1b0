import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { sitemapPaths } from "../support/public-pages";
import { expect, PUBLIC_PAGES, test } from "./fixtures";

function expectBaseHeaders(headers: Record<string, string>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers["x-powered-by"], label).toBeUndefined();
  // Retired with the browsers that read them (IE 8, Flash, Chrome's XSS auditor).
  for (const retired of ["x-download-options", "x-permitted-cross-domain-policies", "x-xss-protection"]) expect(headers[retired], `${label}: ${retired}`).toBeUndefined();
}

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

/** Collects CSP violations reported by the page itself and by the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations ??= [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe("security headers", () => {
  test("every page, API answer and not-found page carries them, with a strict CSP", async ({ request }) => {
    for (const path of [...PUBLIC_PAGES, "/contact", "/survey", "/search?q=x", "/admin/login", "/no-such-page", "/api/health", "/robots.txt", "/sitemap.xml"]) {
      const response = await request.get(path);
      const headers = response.headers();
      expectBaseHeaders(headers, path);
      const csp = directives(headers["content-security-policy"] ?? "");
      expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(csp.get("object-src"), path).toEqual(["'none'"]);
      expect(csp.get("base-uri"), path).toEqual(["'self'"]);
      expect(csp.get("form-action"), path).toEqual(["'self'"]);
      expect(csp.get("img-src"), path).toContain("https://images.unsplash.com");
      expect(headers["content-security-policy"], path).not.toContain("maps.googleapis.com");
      expect(headers["strict-transport-security"], `${path} over plain HTTP`).toBeUndefined();
    }
    const post = await request.post("/api/contact", { data: {} });
    expectBaseHeaders(post.headers(), "POST /api/contact");
  });

  test("the admin API answers only its own origin (Cross-Origin-Resource-Policy: same-origin); the rest of the site same-site", async ({ request }) => {
    for (const path of ["/api/admin/leads", "/api/admin/session", "/api/admin/leads/1/export"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.headers()["cross-origin-resource-policy"], path).toBe("same-origin");
    }
    for (const path of ["/", "/api/health", "/admin/login", "/api/administer"]) {
      expect((await request.get(path)).headers()["cross-origin-resource-policy"], path).toBe("same-site");
    }
  });

  test("no page allows inline scripts by 'unsafe-inline': each inline script is allowed by its own hash", async ({ request }) => {
    for (const path of [...PUBLIC_PAGES, "/contact", "/survey", "/search?q=voip", "/admin/login", "/admin/surveys", "/no-such-page", "/services/no-such-service"]) {
      const response = await request.get(path);
      const script = directives(response.headers()["content-security-policy"]!).get("script-src")!;
      expect(script, path).not.toContain("'unsafe-inline'");
      expect(script, path).not.toContain("'unsafe-eval'");
      const html = await response.text();
      // Inline scripts that run (JSON-LD data blocks are never executed, so need no hash).
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      for (const code of inline) {
        const hash = `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
        expect(script, `${path}: inline script ${code.slice(0, 60)}…`).toContain(hash);
      }
    }
  });

  test("a prerendered page's policy lists the hashes of its own inline code and no other", async ({ request }) => {
    let pagesWithInlineCode = 0;
    for (const path of PUBLIC_PAGES) {
      const response = await request.get(path);
      const csp = directives(response.headers()["content-security-policy"]!);
      const html = await response.text();
      const inline = [...html.matchAll(/<(script|style)(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/\1>/g)].map((match) => match[2]!);
      const present = new Set(inline.map((code) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`));
      if (present.size > 0) pagesWithInlineCode += 1;
      for (const directive of ["script-src", "style-src"]) {
        for (const source of csp.get(directive)!.filter((value) => value.startsWith("'sha256-"))) {
          expect(present.has(source), `${path}: ${directive} ${source} matches code on the page`).toBe(true);
        }
      }
    }
    // The pages with islands (home, blog, FAQ) keep the hashes of Astro's island scripts.
    expect(pagesWithInlineCode).toBeGreaterThan(0);
  });

  test("every prerendered page of the sitemap answers a revalidation, HEAD, a range and its /path/ with the headers of its 200", async ({ request }) => {
    /** Headers that describe the bytes of one answer; every other header is the path's and must not vary. */
    const perAnswer = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-range", "accept-ranges", "content-type", "content-encoding", "last-modified", "etag"]);
    const pathHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)).sort());
    // The build's list of prerendered routes (pages rendered on demand, such as /contact, send no validators).
    const prerendered = new Set(Object.keys(JSON.parse(readFileSync("dist/route-headers.json", "utf8"))));
    const paths = sitemapPaths(await (await request.get("/sitemap.xml")).text()).filter((path) => prerendered.has(path));
    expect(paths.length).toBeGreaterThan(20);
    const schemes: Record<string, string>[] = [{}, { "x-forwarded-proto": "https" }];
    for (const scheme of schemes) {
      for (const path of paths) {
        const full = await request.get(path, { headers: scheme });
        expect(full.status(), path).toBe(200);
        const expected = pathHeaders(full.headers());
        expect(directives(expected["content-security-policy"]!).get("script-src"), path).toContain("'self'");
        expect(expected["cache-control"], path).toContain("must-revalidate");
        const label = `${path} ${JSON.stringify(scheme)}`;
        const etag = full.headers()["etag"]!;
        const lastModified = full.headers()["last-modified"]!;
        const revalidated = await request.get(path, { headers: { ...scheme, "if-none-match": etag } });
        expect(revalidated.status(), `${label}: If-None-Match`).toBe(304);
        expect(pathHeaders(revalidated.headers()), `${label}: 304`).toEqual(expected);
        const sinceModified = await request.get(path, { headers: { ...scheme, "if-modified-since": lastModified } });
        expect([200, 304], `${label}: If-Modified-Since`).toContain(sinceModified.status());
        expect(pathHeaders(sinceModified.headers()), `${label}: If-Modified-Since`).toEqual(expected);
        const head = await request.head(path, { headers: scheme });
        expect(pathHeaders(head.headers()), `${label}: HEAD`).toEqual(expected);
        const range = await request.get(path, { headers: { ...scheme, range: "bytes=0-99", "accept-encoding": "identity" } });
        expect(range.status(), `${label}: Range`).toBe(206);
        expect(pathHeaders(range.headers()), `${label}: 206`).toEqual(pathHeaders((await request.get(path, { headers: { ...scheme, "accept-encoding": "identity" } })).headers()));
        if (path !== "/") {
          const slash = await request.get(`${path}/`, { headers: scheme });
          expect(pathHeaders(slash.headers()), `${label}: ${path}/`).toEqual(expected);
        }
      }
    }
  });

  test("hashed build assets are marked nosniff and cached for good", async ({ request }) => {
    const html = await (await request.get("/contact")).text();
    const asset = /(\/_astro\/[^"?]+\.js)/.exec(html)?.[1];
    expect(asset, "the contact page references its island's module").toBeTruthy();
    const response = await request.get(asset!);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["cache-control"]).toContain("immutable");
  });

  test("HSTS is sent when the site is reached over HTTPS", async ({ request }) => {
    for (const path of ["/about", "/contact"]) {
      const response = await request.get(path, { headers: { "x-forwarded-proto": "https" } });
      expect(response.headers()["strict-transport-security"], path).toMatch(/max-age=\d{7,}/);
      expect(response.headers()["content-security-policy"], path).toContain("upgrade-insecure-requests");
    }
  });

  test("the pages work under the policy: no violations while browsing and using the forms", async ({ page }) => {
    // Twenty pages, each until its behaviours have started (after the first paint): more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    for (const path of [...PUBLIC_PAGES, "/contact", "/survey", "/search?q=wifi", "/admin/login"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
    }
    await page.goto("/");
    await page.getByTestId("service-card-sd-wan").click();
    await expect(page.getByTestId("service-card-sd-wan").locator("details")).toHaveAttribute("open", "");
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    expect([...violations, ...reported]).toEqual([]);
  });
});

test.describe("security headers with a maps key", () => {
  let server: RunningServer;
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    server = await startProductionServer({ GOOGLE_MAPS_API_KEY: "csp-test-key", DATABASE_PATH: `${testInfo.outputDir}/csp.db` });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("only the survey allows the maps provider, and its script loads without violations", async ({ page, request }) => {
    const survey = (await request.get(`${server.url}/survey`)).headers()["content-security-policy"]!;
    expect(directives(survey).get("script-src")).toContain("https://maps.googleapis.com");
    const contact = (await request.get(`${server.url}/contact`)).headers()["content-security-policy"]!;
    expect(contact).not.toContain("maps.googleapis.com");

    const violations = await watchViolations(page);
    await page.route("https://maps.googleapis.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.__mapsLoaded = true;" }),
    );
    await page.goto(`${server.url}/survey`);
    // The library comes when the address field is focused (issue 32).
    await page.getByLabel("Business Address").focus();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __mapsLoaded?: boolean }).__mapsLoaded === true)).toBe(true);
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    expect([...violations, ...reported]).toEqual([]);
  });
});
