import { gzipSync } from "node:zlib";
import { firstLoadScripts } from "../support/first-load-scripts";
import { expect, PUBLIC_PAGES, test } from "./fixtures";

/**
 * First-load JavaScript per route, gzip-compressed, against the budgets of the
 * performance issue. Sizes are deterministic for a given build, so this fails as
 * soon as a change pushes a route over its budget.
 */
const KB = 1024;
const CONTENT_BUDGET = 150 * KB;
const FORM_BUDGET = 200 * KB;
const FORM_PAGES = ["/contact", "/survey", "/admin/login", "/admin/surveys", "/admin/contacts"];

const cache = new Map<string, number>();

test("every route's first-load JavaScript fits its budget", async ({ request }) => {
  const rows: string[] = [];
  const over: string[] = [];
  for (const path of [...PUBLIC_PAGES, "/search", ...FORM_PAGES]) {
    const html = await (await request.get(path)).text();
    const sources = firstLoadScripts(html);
    let total = 0;
    for (const src of sources) {
      if (!cache.has(src)) cache.set(src, gzipSync(await (await request.get(src)).body()).length);
      total += cache.get(src)!;
    }
    const budget = FORM_PAGES.includes(path) ? FORM_BUDGET : CONTENT_BUDGET;
    rows.push(`${path.padEnd(32)} ${(total / KB).toFixed(1).padStart(6)} KB / ${budget / KB} KB`);
    if (total > budget) over.push(`${path}: ${(total / KB).toFixed(1)} KB > ${budget / KB} KB`);
    expect(sources.length, path).toBeGreaterThan(0);
  }
  console.log(`First-load JS (gzip):\n${rows.join("\n")}`);
  expect(over, rows.join("\n")).toEqual([]);
});

test("heavy libraries load only on the routes that use them", async ({ request }) => {
  const scriptsOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    const sources = firstLoadScripts(html);
    return (await Promise.all(sources.map(async (src) => (await request.get(src)).text()))).join("\n");
  };
  // Strings that survive minification: an option name of the form library, the
  // query client's error text, Radix's dialog display name and the maps host.
  const signatures = {
    forms: "shouldUnregister",
    queryClient: "No QueryClient set",
    radixDialog: "DialogContent",
    maps: "maps.googleapis.com",
  } as const;
  const has = (code: string) => Object.fromEntries(Object.entries(signatures).map(([name, text]) => [name, code.includes(text)]));
  expect(has(await scriptsOf("/")), "/").toEqual({ forms: false, queryClient: false, radixDialog: false, maps: false });
  expect(has(await scriptsOf("/blog/sd-wan-vs-mpls")), "article").toEqual({ forms: false, queryClient: false, radixDialog: false, maps: false });
  expect(has(await scriptsOf("/contact")), "/contact").toMatchObject({ forms: true, queryClient: false, radixDialog: false });
  expect(has(await scriptsOf("/survey")), "/survey").toMatchObject({ forms: true, queryClient: false, maps: true });
  expect(has(await scriptsOf("/admin/surveys")), "/admin/surveys").toMatchObject({ queryClient: true });
});
