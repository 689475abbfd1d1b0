import { gzipSync } from "node:zlib";
import { expect, PUBLIC_PAGES, test } from "./fixtures";
import { scriptsRequestedAtLoad } from "../support/scripts-at-load";
import { E2E_ADMIN } from "./helpers";

/**
 * The JavaScript each route requests before any interaction or scrolling, gzip-compressed,
 * against the budgets of issue 32: content pages hydrate nothing in view (8 KB: the site's own
 * behaviours and Astro's island loader), the form pages hydrate their form and nothing it does
 * not need before an input (100 KB: no schema library, no toast, no maps), the back office its
 * app. Measured in the browser at a phone and a desktop width, after the network has gone idle
 * and every island that hydrates by itself has (tests/support/scripts-at-load.ts). Sizes are deterministic for a build, so this fails as soon as a change
 * pushes a route over its budget.
 */
const KB = 1024;
const CONTENT_BUDGET = 8 * KB;
const FORM_BUDGET = 100 * KB;
const ADMIN_BUDGET = 200 * KB;
/** /book has no island: its form is drawn on the server and posts without scripts; one small script adds the visitor's local times. */
const FORM_PAGES = ["/contact", "/survey", "/book"];
/** The back office's screens, measured signed in (without a session they are the login page). */
const ADMIN_PAGES = ["/admin/login", "/admin", "/admin/leads", "/admin/leads?view=board", "/admin/leads/1", "/admin/surveys", "/admin/contacts", "/admin/account", "/admin/templates", "/admin/reports", "/admin/quote-settings"];
const WIDTHS = [375, 1280];

function budgetOf(path: string): number {
  if (ADMIN_PAGES.includes(path)) return ADMIN_BUDGET;
  return FORM_PAGES.includes(path) ? FORM_BUDGET : CONTENT_BUDGET;
}

// One test per width: each loads every route to network idle, one after the other.
for (const width of WIDTHS) {
  test(`every route's JavaScript before interaction fits its budget at ${width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const rows: string[] = [];
    const over: string[] = [];
    for (const path of [...PUBLIC_PAGES, "/search?q=voip", ...FORM_PAGES, ...ADMIN_PAGES]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      if (ADMIN_PAGES.includes(path) && path !== "/admin/login") expect((await context.request.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
      const page = await context.newPage();
      const scripts = await scriptsRequestedAtLoad(page, path);
      await context.close();
      const total = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
      const budget = budgetOf(path);
      rows.push(`${String(width).padStart(4)} px ${path.padEnd(32)} ${(total / KB).toFixed(1).padStart(6)} KB / ${budget / KB} KB`);
      if (total > budget) over.push(`${width} px ${path}: ${(total / KB).toFixed(1)} KB > ${budget / KB} KB`);
      const files = [...scripts.keys()].filter((key) => !key.includes("#inline-"));
      if (FORM_PAGES.includes(path) || ADMIN_PAGES.includes(path)) expect(files.length, `${path} hydrates its island`).toBeGreaterThan(0);
    }
    console.log(`JavaScript requested before interaction (gzip):\n${rows.join("\n")}`);
    expect(over, rows.join("\n")).toEqual([]);
  });
}

test("a content page with no island in view loads no framework code", async ({ page }) => {
  for (const path of ["/", "/about", "/blog/sd-wan-vs-mpls", "/privacy"]) {
    const scripts = await scriptsRequestedAtLoad(page, path);
    const code = [...scripts.values()].map((body) => body.toString()).join("\n");
    // A string React DOM always carries, minified or not.
    expect(code.includes("react-dom") || code.includes("__reactContainer"), path).toBe(false);
    page.removeAllListeners("response");
  }
});

test("heavy libraries load only on the routes that use them", async ({ browser }) => {
  const scriptsOf = async (path: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = await scriptsRequestedAtLoad(page, path);
    await context.close();
    return [...scripts.values()].map((body) => body.toString()).join("\n");
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
