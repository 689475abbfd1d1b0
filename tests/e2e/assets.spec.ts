import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/**
 * How the production build ships its assets (performance issue, "Assets"): the
 * font, compression and cache headers.
 */
const KB = 1024;

test("the font is self-hosted, subset, preloaded, immutable, and swaps in over a metric-matched fallback", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const preload = /<link rel="preload" href="(\/_astro\/[^"]+\.woff2)" as="font" type="font\/woff2" crossorigin>/.exec(html);
  expect(preload, "a font preload in the head").not.toBeNull();
  const font = await request.get(preload![1]!);
  expect(font.status()).toBe(200);
  expect(font.headers()["cache-control"]).toContain("immutable");
  // The package's full Latin file is 48 KB; the subset keeps weights 400-800 and Latin-1 + punctuation.
  const bytes = (await font.body()).length;
  expect(bytes).toBeGreaterThan(15 * KB);
  expect(bytes).toBeLessThan(32 * KB);

  const stylesheet = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(html)?.[1];
  expect(stylesheet).toBeTruthy();
  const css = await (await request.get(stylesheet!)).text();
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1]!);
  const fileName = preload![1]!.split("/").pop()!;
  const webFace = faces.find((face) => face.includes(fileName));
  expect(webFace).toMatch(/font-display:\s*swap/);
  expect(webFace).toMatch(/font-weight:\s*400 800/);
  // The fallback face: local Arial scaled to Inter's metrics, so the swap does not move text.
  const fallback = faces.find((face) => /src:\s*local\("?Arial"?\)/.test(face));
  expect(fallback).toMatch(/size-adjust:\s*[\d.]+%/);
  expect(fallback).toMatch(/ascent-override:\s*[\d.]+%/);
});

test("in the browser, the page's text is set in the self-hosted Inter, with no font request leaving the site", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(request.url());
  });
  await page.goto("/services");
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family));
  expect(loaded.some((family) => /inter/i.test(family))).toBe(true);
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
});

test("HTML is compressed and prerendered pages carry cache headers a CDN can use", async ({ request }) => {
  const response = await request.get("/services", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
  expect(response.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  expect(response.headers()["vary"]).toMatch(/accept-encoding/i);

  // Read the bytes as they come off the wire: they must be gzip of the page.
  const wire = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(response.url(), { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve(Buffer.concat(parts)));
      })
      .on("error", reject);
  });
  const page = gunzipSync(wire).toString("utf8");
  expect(page).toContain("<html");
  expect(wire.length).toBeLessThan(page.length / 3);

  // Hashed build assets (the page's stylesheet here) are cached for good.
  const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(await response.text())?.[1];
  expect(stylesheet).toBeTruthy();
  const asset = await request.get(stylesheet!);
  expect(asset.headers()["cache-control"]).toContain("immutable");

  // Pages rendered per request (the forms) must not be cached by a CDN.
  const contact = await request.get("/contact");
  expect(contact.headers()["cache-control"]).not.toMatch(/s-maxage/);
});
