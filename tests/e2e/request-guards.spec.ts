// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { jsonBodyOf, sendRaw } from "../support/raw-http";

/**
 * What the production server guards on every path (paths that do not decode) and
 * src/middleware.ts on routes rendered on demand (form posts sent from another site).
 */

const encoder = new TextEncoder();

test.describe("request guards", () => {
  test("a path with broken percent-encoding gets 400, JSON under /api/, never a 404 page or a 500, wherever it points", async ({ baseURL }) => {
    for (const path of ["/api/%zz", "/api/contact%", "/api/admin/contacts/%E0%A4%A/view", "/api/health%C0"]) {
      const response = await sendRaw(baseURL!, { method: "GET", path });
      expect(response.status, path).toBe(400);
      expect(response.headers["content-type"], path).toMatch(/^application\/json/);
      expect(typeof (jsonBodyOf(response) as { error?: unknown }).error, path).toBe("string");
    }
    // Pages rendered on demand, prerendered pages and files, and paths that name nothing.
    for (const path of ["/contact%zz", "/survey/%", "/about%zz", "/blog/%E0%A4%A", "/favicon.svg%", "/%zz", "/_astro/%zz.js"]) {
      const response = await sendRaw(baseURL!, { method: "GET", path });
      expect([400, 404], path).toContain(response.status);
    }
  });

  test("a form post to /contact from another site is refused; from the site itself it is answered", async ({ baseURL }) => {
    const body = encoder.encode("name=Dana");
    const post = (headers: Record<string, string>) =>
      sendRaw(baseURL!, { method: "POST", path: "/contact", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of crossSite) {
      expect((await post(headers)).status, JSON.stringify(headers)).toBe(403);
    }
    const own = await post({ origin: baseURL!, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
    expect(own.body.toString("utf8")).toContain("Please enter a valid email address.");
  });

  test("the JSON API answers a cross-site post by its own rules: 415 for a form body, not Astro's plain-text 403", async ({ baseURL }) => {
    const response = await sendRaw(baseURL!, {
      method: "POST",
      path: "/api/contact",
      body: encoder.encode("name=Dana"),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(response.status).toBe(415);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });
});
