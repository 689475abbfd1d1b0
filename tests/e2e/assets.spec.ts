import http from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { sitemapPaths } from "../support/public-pages";

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

/**
 * One answer exactly as it comes off the wire (Playwright's client would decode it): its body,
 * and the size of its status line and headers as HTTP/1.1 sends them.
 */
function wireBytes(url: string | URL, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; headerBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.reduce((text, part, index) => text + part + (index % 2 ? "\r\n" : ": "), "")}\r\n`;
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], vary: res.headers["vary"], headerBytes: Buffer.byteLength(head), body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

test("prerendered pages and build assets go out as the build compressed them: brotli at its best quality, else gzip", async ({ request, baseURL }) => {
  const html = await (await request.get("/blog/sd-wan-vs-mpls")).text();
  const script = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
  expect(script, "the article loads the site's scripts from a file").toBeTruthy();
  for (const path of ["/blog/sd-wan-vs-mpls", "/", stylesheet!, script!, "/sitemap.xml"]) {
    const url = new URL(path, baseURL).href;
    const identity = await wireBytes(url, "identity");
    expect(identity.encoding, path).toBeUndefined();

    const br = await wireBytes(url, "gzip, deflate, br");
    expect(br.encoding, path).toBe("br");
    expect(br.vary, path).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(identity.body), `${path}: brotli of the same bytes`).toBe(true);
    // Quality 11, done once at build: the on-the-fly default (quality 4) would be a good deal larger.
    const best = brotliCompressSync(identity.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const fast = brotliCompressSync(identity.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length;
    expect(br.body.length, path).toBeLessThanOrEqual(best + 64);
    expect(br.body.length, path).toBeLessThan(fast);

    const gzip = await wireBytes(url, "gzip");
    expect(gzip.encoding, path).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(identity.body), `${path}: gzip of the same bytes`).toBe(true);
  }
});

test("every page in the sitemap arrives, compressed HTML and headers, in the first round trip of a new connection (10 TCP segments)", async ({ request, baseURL }) => {
  // Past 14,600 bytes a phone waits one more round trip for the page (Lighthouse models
  // it): the reason the site's scripts are files and the policy lists only the page's hashes.
  const INITIAL_WINDOW_BYTES = 10 * 1460;
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = sitemapPaths(sitemap);
  expect(paths).toContain("/blog/sd-wan-vs-mpls");
  for (const path of paths) {
    const { headerBytes, body } = await wireBytes(new URL(path, baseURL), "gzip, deflate, br, zstd");
    const bodyBytes = body.length;
    expect(headerBytes + bodyBytes, `${path}: ${headerBytes} bytes of headers + ${bodyBytes} of brotli`).toBeLessThanOrEqual(INITIAL_WINDOW_BYTES);
  }
});
