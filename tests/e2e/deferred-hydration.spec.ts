import http from "node:http";
import { gunzipSync } from "node:zlib";
import { deferredScripts } from "../support/first-load-scripts";
import { expect, PUBLIC_PAGES, test } from "./fixtures";

/**
 * Paint first, then hydrate (scripts/defer-hydration.mjs, server.mjs): no page
 * lets the browser fetch the framework's chunks before it has painted; they are
 * appended by a small loader once the first frame is on screen, and the page then
 * hydrates as before.
 */
const RENDERED_PER_REQUEST = ["/contact", "/survey", "/search?q=starlink"];
const NAVIGATION = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "identity" };

declare global {
  interface Window {
    next?: { version?: string };
  }
}

test("no page ships the framework chunks as script elements: one loader in the head lists them instead", async ({ request }) => {
  for (const path of [...PUBLIC_PAGES, ...RENDERED_PER_REQUEST]) {
    const html = await (await request.get(path, { headers: NAVIGATION })).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(html, path).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/[^"]+"[^>]*\sasync=""/);
    expect(html, path).not.toMatch(/<link rel="preload" as="script"/);
    expect(head, path).toContain("<script data-deferred-hydration=");
    const listed = deferredScripts(html) ?? [];
    expect(listed.length, path).toBeGreaterThan(3);
    for (const src of listed) expect(src, path).toMatch(/^\/_next\/static\/chunks\/[\w.-]+\.js$/);
  }
});

test("pages rendered per request carry their nonce on the loader", async ({ request }) => {
  for (const path of RENDERED_PER_REQUEST) {
    const response = await request.get(path, { headers: NAVIGATION });
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce, path).toBeTruthy();
    expect(await response.text(), path).toContain(`<script data-deferred-hydration="" nonce="${nonce}">`);
  }
});

for (const path of ["/", "/blog/sd-wan-vs-mpls", "/contact", "/survey"]) {
  test(`${path}: the chunks are requested only after the first contentful paint, and the page hydrates`, async ({ page }) => {
    await page.goto(path);
    await page.waitForFunction(() => Boolean(window.next?.version));
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      chunks: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.chunks.length).toBeGreaterThan(3);
    for (const chunk of timing.chunks) expect(chunk.start, chunk.name).toBeGreaterThanOrEqual(timing.fcp);
  });
}

test("a browser without paint timing loads the scripts at once and hydrates", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "PerformanceObserver", { value: undefined });
  });
  await page.goto("/services");
  await page.waitForFunction(() => Boolean(window.next?.version));
  await page.getByRole("link", { name: "About", exact: true }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a page rendered per request is compressed when the browser accepts gzip, and only then", async ({ request }) => {
  const gzipped = await request.get("/contact", { headers: { ...NAVIGATION, "Accept-Encoding": "gzip, deflate, br" } });
  expect(gzipped.status()).toBe(200);
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(gzipped.headers()["vary"]).toMatch(/accept-encoding/i);
  const plain = await request.get("/contact", { headers: NAVIGATION });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(Number(plain.headers()["content-length"])).toBe((await plain.body()).length);
  // The wire bytes are gzip of a rewritten page.
  const wire = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(gzipped.url(), { headers: { ...NAVIGATION, "Accept-Encoding": "gzip" } }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve(Buffer.concat(parts)));
      })
      .on("error", reject);
  });
  const page = gunzipSync(wire).toString("utf8");
  expect(deferredScripts(page)?.length).toBeGreaterThan(3);
});

test("the back office and Next's empty error shell hydrate at once", async ({ request }) => {
  // The owner's tool is not a landing page: its scripts load with the page, as Next.js emits them.
  const login = await (await request.get("/admin/login", { headers: NAVIGATION })).text();
  expect(deferredScripts(login)).toBeUndefined();
  expect(login).toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/[^"]+"[^>]*\sasync=""/);
  // A 404 from notFound() while rendering arrives as an empty shell drawn by the scripts, so it cannot wait for a paint.
  const missing = await request.get("/services/no-such-service", { headers: NAVIGATION });
  expect(missing.status()).toBe(404);
  expect(deferredScripts(await missing.text())).toBeUndefined();
});

test("requests that are not page navigations reach Next.js untouched", async ({ request }) => {
  // A React Server Component request for a page rendered per request: the flight payload, not HTML.
  const flight = await request.get("/contact", { headers: { RSC: "1", Accept: "*/*" } });
  expect(flight.status()).toBe(200);
  expect(flight.headers()["content-type"]).toContain("text/x-component");
  // A HEAD request gets the headers and no body.
  const head = await request.head("/search?q=voip", { headers: NAVIGATION });
  expect(head.status()).toBe(200);
  expect(head.headers()["content-type"]).toContain("text/html");
  expect((await head.body()).length).toBe(0);
  // The JSON API is not buffered or rewritten.
  const health = await request.get("/api/health", { headers: NAVIGATION });
  expect(health.headers()["content-type"]).toContain("application/json");
});
