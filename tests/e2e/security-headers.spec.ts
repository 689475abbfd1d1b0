import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/production-server";
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
    await expect.poll(() => page.evaluate(() => (window as unknown as { __mapsLoaded?: boolean }).__mapsLoaded === true)).toBe(true);
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    expect([...violations, ...reported]).toEqual([]);
  });
});
