/**
 * npm run bench:script-bytes — what the script of a form page is made of. Loads /contact,
 * /survey and two content pages of the production build in Chromium, takes every script each
 * runs before any input (as the js-budget test does), and splits each script's gzip bytes by
 * the modules bundled in it (dist/script-modules.json, written at build by
 * src/integrations/script-module-map.ts), into the categories of issue 32. Then, on the form
 * pages, what an empty submit and a sent form fetch on demand. Run `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page, type Response } from "@playwright/test";
import { SCRIPT_MODULE_MAP_FILE, type ScriptModuleMap } from "../src/integrations/script-module-map";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { startProductionServer } from "../tests/support/production-server";
import { scriptsRequestedAtLoad } from "../tests/support/scripts-at-load";
import { productionBuildDir, requireProductionBuild } from "./bench-support";

const CATEGORIES = [
  "React and React DOM",
  "Form library (react-hook-form)",
  "Schema library (zod, resolver)",
  "Radix (other than toast)",
  "Toast (Radix toast, toaster)",
  "Places autocomplete",
  "Attribution",
  "Other libraries (icons, class names)",
  "Astro island loader",
  "Own code",
] as const;
type Category = (typeof CATEGORIES)[number];

/** The category of one bundled module, by its path. */
function categoryOf(id: string): Category {
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "React and React DOM";
  if (/node_modules\/react-hook-form\//.test(id)) return "Form library (react-hook-form)";
  if (/node_modules\/(zod|@hookform\/resolvers)\//.test(id) || /src\/lib\/validation\/(?!lazy-resolver|honeypot-fields|survey-defaults|project-types|survey-services)/.test(id)) return "Schema library (zod, resolver)";
  if (/node_modules\/@radix-ui\/react-toast\//.test(id) || /src\/(components\/ui\/toaster|lib\/toast-store)/.test(id)) return "Toast (Radix toast, toaster)";
  if (/node_modules\/@radix-ui\//.test(id)) return "Radix (other than toast)";
  if (/use-places-autocomplete/.test(id)) return "Places autocomplete";
  if (/src\/lib\/attribution\//.test(id)) return "Attribution";
  if (/node_modules\/astro\/|astro:scripts|\0astro/.test(id)) return "Astro island loader";
  if (/node_modules\//.test(id)) return "Other libraries (icons, class names)";
  return "Own code";
}

type Split = Record<Category, number>;
const emptySplit = (): Split => Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Split;

/** Splits each script's gzip size over its modules, in proportion to their minified length. */
function split(scripts: Map<string, Buffer>, modules: ScriptModuleMap): Split {
  const result = emptySplit();
  for (const [url, body] of scripts) {
    const gzipped = gzipSync(body).length;
    if (url.includes("#inline-")) {
      // Inline: Astro's island element and its directives.
      result["Astro island loader"] += gzipped;
      continue;
    }
    const file = new URL(url).pathname.replace(/^\//, "");
    const parts = modules[file];
    const total = parts ? Object.values(parts).reduce((sum, length) => sum + length, 0) : 0;
    if (!parts || total === 0) {
      result["Own code"] += gzipped;
      continue;
    }
    for (const [id, length] of Object.entries(parts)) result[categoryOf(id)] += (gzipped * length) / total;
  }
  return result;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(columns: string[], splits: Split[]): string {
  const rows = CATEGORIES.map((category) => `| ${category} | ${splits.map((s) => `${kb(s[category])} KB`).join(" | ")} |`);
  const totals = splits.map((s) => Object.values(s).reduce((sum, bytes) => sum + bytes, 0));
  return [`| Category | ${columns.join(" | ")} |`, `|---|${columns.map(() => "---:").join("|")}|`, ...rows, `| **Total** | ${totals.map((t) => `**${kb(t)} KB**`).join(" | ")} |`].join("\n");
}

/** The scripts a page fetches from now until the network is quiet again after `act`. */
async function scriptsFetchedBy(page: Page, act: () => Promise<void>): Promise<Map<string, Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>();
  const listener = (response: Response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
  };
  page.on("response", listener);
  await act();
  await page.waitForLoadState("networkidle");
  page.off("response", listener);
  const bodies = new Map<string, Buffer>();
  for (const [url, body] of scripts) bodies.set(url, await body);
  return bodies;
}

async function main() {
  requireProductionBuild();
  const modules = JSON.parse(readFileSync(path.join(productionBuildDir(), SCRIPT_MODULE_MAP_FILE), "utf8")) as ScriptModuleMap;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-script-bytes-"));
  const server = await startProductionServer({ DATABASE_PATH: path.join(tmp, "bytes.db"), RATE_LIMIT_MULTIPLIER: "1000" });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = ["/contact", "/survey", "/", "/blog/sd-wan-vs-mpls"];
    const atLoad: Split[] = [];
    const onDemand: Split[] = [];
    for (const route of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      atLoad.push(split(await scriptsRequestedAtLoad(page, `${server.url}${route}`), modules));
      page.removeAllListeners("response");
      if (route === "/contact" || route === "/survey") {
        // An empty submit: the schema comes to show the field messages. Then a sent form: the toast.
        const submit = page.getByRole("button", { name: route === "/contact" ? "Send Message" : "Submit Survey" });
        const validation = await scriptsFetchedBy(page, async () => {
          await submit.click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
        });
        const toast = await scriptsFetchedBy(page, async () => {
          await page.route("**/api/**", (request) => request.fulfill({ status: 500, body: "{}" }));
          if (route === "/contact") {
            await page.getByLabel("Your Name").fill("Bench Mark");
            await page.getByLabel("Email Address").fill("bench@example.com");
            await page.getByLabel("Phone Number").fill("(864) 555-0100");
            await page.getByLabel("Project Type").selectOption("managed-internet");
            await page.getByLabel("Your Message").fill("What a submission fetches on demand.");
          } else {
            await page.getByLabel("Business Name").fill("Bench Mark LLC");
            await page.getByLabel("Email").fill("bench@example.com");
            await page.getByLabel("Phone Number").fill("(864) 555-0100");
            await page.getByLabel("Business Address").fill("1 Main Street, Greenville, SC 29601");
            await page.getByLabel("Primary Internet Use").fill("Card payments");
          }
          await submit.click();
          await page.getByText("There was a problem").first().waitFor();
        });
        onDemand.push(split(new Map([...validation, ...toast]), modules));
      }
      await context.close();
    }
    console.log(`Script before any input, gzip, split by what it is made of (375 px):\n\n${table(pages, atLoad)}\n`);
    console.log(`Fetched on demand on the form pages (an empty submit, then a failed send that shows the error toast):\n\n${table(["/contact", "/survey"], onDemand)}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
