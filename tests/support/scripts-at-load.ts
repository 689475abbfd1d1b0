import type { Page } from "@playwright/test";

/**
 * Every script a page runs from opening until the network went quiet, before any input: the
 * files it fetched and the scripts inline in its HTML (Astro's island loader and its directives
 * are inlined; they count too). JSON-LD data blocks are not scripts that run. Shared by the
 * js-budget test and `npm run bench:script-bytes`.
 */
export async function scriptsRequestedAtLoad(page: Page, path: string): Promise<Map<string, Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
  });
  await page.goto(path, { waitUntil: "networkidle" });
  // On a busy machine the network can go quiet before an island that hydrates on load, when
  // idle or after the first paint has asked for its code, or before the site's script file,
  // which starts after the first frame (SiteScripts.astro): wait until Astro has hydrated each
  // island (it then drops the island's `ssr` attribute) and the script file has run (it defines
  // the lazy-image element), and for the network to settle again.
  await page.waitForFunction(
    () =>
      document.querySelectorAll('astro-island[ssr][client="load"], astro-island[ssr][client="idle"], astro-island[ssr][client="painted"]').length === 0 &&
      (!document.getElementById("site-scripts") || customElements.get("lazy-image") !== undefined),
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForLoadState("networkidle");
  const bodies = new Map<string, Buffer>();
  for (const [url, body] of scripts) bodies.set(url, await body);
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((script) => !script.src && script.type !== "application/ld+json").map((script) => script.textContent ?? ""),
  );
  inline.forEach((code, index) => bodies.set(`${path}#inline-${index}`, Buffer.from(code)));
  return bodies;
}
