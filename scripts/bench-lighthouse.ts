/**
 * npm run bench:lighthouse — Lighthouse (mobile with its default simulated
 * throttling, and desktop) on every public route of the production build, three
 * runs each, median kept, then which medians miss the speed targets (docs/performance.md). Run `npm run build` first.
 *
 * Each route is measured twice in the same run, its runs interleaved: the page as served, and
 * the same page with its scripts removed, each through its own local proxy (site-proxy.ts). The table gives both and
 * the FCP difference, which must stay within 0.1 s (issue 32): scripts must not delay the
 * first paint.
 *
 * Stock photos cannot be fetched here, so a local HTTPS server answers for the
 * stock-photo host with stand-in images of the requested width and format
 * (Chromium resolves the host to 127.0.0.1), which measures what a visitor with
 * a network gets. Any other failed request is reported.
 *
 * Options: --runs N (default 3), --routes /a,/b (default all), --preset mobile|desktop|both,
 * --no-copy (the pages only, without their scripts-removed copies),
 * --details (print layout shifts, console errors and the LCP element), --save-reports DIR
 * (every full Lighthouse report as JSON, to study long tasks and the LCP breakdown),
 * --save-assets DIR (each run's report with its trace and DevTools log).
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import sharp from "sharp";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { startProductionServer } from "../tests/support/production-server";
import { sitemapPaths } from "../tests/support/public-pages";
import { requireProductionBuild } from "./bench-support";
import { startSiteProxy } from "./site-proxy";

/**
 * Every public route: each page the built sitemap.xml lists (all services and articles, the
 * contact form), plus the two pages kept out of it on purpose (the survey, a search result).
 */
function everyPublicRoute(): string[] {
  const sitemap = readFileSync(path.join(process.cwd(), "dist", "client", "sitemap.xml"), "utf8");
  return [...sitemapPaths(sitemap), "/survey", "/search?q=starlink"];
}
/** noindex on purpose: the crawlability audit is expected to fail there. */
const NOINDEX = new Set(["/survey", "/search?q=starlink"]);
const STOCK_HOST = "images.unsplash.com";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** A self-signed certificate for the stock-photo host, made with openssl. */
function makeCertificate(dir: string) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", `/CN=${STOCK_HOST}`, "-addext", `subjectAltName=DNS:${STOCK_HOST}`], { stdio: "ignore" });
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Answers every stock-photo URL with an image of the asked width (16:10) and format. */
async function startStandInImages(credentials: { key: Buffer; cert: Buffer }): Promise<https.Server> {
  const cache = new Map<string, Buffer>();
  const server = https.createServer(credentials, async (request, response) => {
    const url = new URL(request.url ?? "/", `https://${STOCK_HOST}`);
    const width = Math.min(2000, Math.max(16, Number(url.searchParams.get("w") ?? 1200) || 1200));
    const format = url.searchParams.get("fm") === "jpg" ? "jpeg" : "webp";
    const key = `${width}-${format}`;
    let body = cache.get(key);
    if (!body) {
      const height = Math.round(width * 0.625);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c3c70"/><stop offset="1" stop-color="#8ec3ff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.2}" fill="#fbbf24" opacity="0.6"/></svg>`;
      const image = sharp(Buffer.from(svg));
      body = await (format === "webp" ? image.webp({ quality: 80 }) : image.jpeg({ quality: 80 })).toBuffer();
      cache.set(key, body);
    }
    response.writeHead(200, { "Content-Type": `image/${format}`, "Cache-Control": "public, max-age=31536000, immutable", "Access-Control-Allow-Origin": "*" });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(443, "127.0.0.1", resolve);
  });
  return server;
}

interface RunSummary {
  route: string;
  preset: "mobile" | "desktop";
  /** The page as served, or its copy with every script removed. */
  copy: "page" | "no scripts";
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  failingAudits: string[];
  failedRequests: string[];
}

interface Lhr {
  categories: Record<string, { id: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number; details?: unknown }>;
}

/**
 * Lighthouse runs as its own process: its page functions are serialized into the
 * browser, and the TypeScript loader's helper names would not exist there.
 */
async function runLighthouse(url: string, port: number, preset: "mobile" | "desktop", assetsPrefix?: string): Promise<Lhr> {
  const cli = path.join(process.cwd(), "node_modules", "lighthouse", "cli", "index.js");
  // With --save-assets the report goes to a file beside the trace and DevTools log of the run.
  const output = assetsPrefix ? `${assetsPrefix}.report.json` : "stdout";
  const args = [cli, url, `--port=${port}`, "--output=json", `--output-path=${output}`, "--quiet", "--only-categories=performance,accessibility,best-practices,seo"];
  if (preset === "desktop") args.push("--preset=desktop");
  if (assetsPrefix) args.push("--save-assets");
  // Asynchronous on purpose: the stand-in image server lives in this process and must keep answering.
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(assetsPrefix ? readFileSync(output, "utf8") : stdout) as Lhr;
}

function summarize(route: string, preset: RunSummary["preset"], copy: RunSummary["copy"], lhr: Lhr): RunSummary {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []);
  const network = items("network-requests") as { url: string; statusCode: number; resourceType?: string; transferSize?: number; failed?: boolean }[];
  const weighted = new Set(
    Object.values(lhr.categories).flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 || category.id !== "performance").map((ref) => ref.id)),
  );
  const failingAudits = Object.values(lhr.audits)
    .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual" && audit.scoreDisplayMode !== "notApplicable")
    .filter((audit) => !(NOINDEX.has(route) && audit.id === "is-crawlable"))
    .map((audit) => audit.id);
  return {
    route,
    preset,
    copy,
    scores: { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") },
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: network.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalBytes: numeric("total-byte-weight"),
    requests: network.length,
    failingAudits,
    failedRequests: network.filter((r) => r.failed || r.statusCode >= 400).map((r) => `${r.statusCode} ${r.url}`),
  };
}

/** Lighthouse occasionally loses the trace of a load (NO_NAVSTART); such a run is repeated. */
async function runWithRetry(run: () => Promise<Lhr>, route: string, attempts = 3): Promise<Lhr> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  ${route}: Lighthouse run failed (${String((error as { stderr?: string }).stderr ?? error).trim().slice(0, 120)}), retrying`);
    }
  }
}

/** With --details: what shifted and what the console reported, to find the cause. */
function printDetails(lhr: Lhr) {
  for (const id of ["layout-shifts", "errors-in-console", "largest-contentful-paint-element"]) {
    const items = ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 5);
    for (const item of items) console.log(`  ${id}: ${JSON.stringify(item).slice(0, 500)}`);
  }
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function median(runs: RunSummary[]): RunSummary {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The speed targets (docs/performance.md), checked on every kept median of a page as served. */
const TARGETS = { mobilePerformance: 98, tbtMs: 50, lcpMs: 1500, cls: 0.01, otherCategories: 100, fcpBehindNoScriptsMs: 100 };

/** How far the page's FCP is behind its scripts-removed copy's, in ms; undefined without a copy. */
function fcpBehind(r: RunSummary, all: RunSummary[]): number | undefined {
  const copy = all.find((other) => other.copy === "no scripts" && other.route === r.route && other.preset === r.preset);
  return copy ? r.fcpMs - copy.fcpMs : undefined;
}

/** What a kept median misses of the targets; empty when it meets them all. */
function missedTargets(r: RunSummary, all: RunSummary[]): string[] {
  const missed: string[] = [];
  const behind = fcpBehind(r, all);
  if (behind !== undefined && behind > TARGETS.fcpBehindNoScriptsMs) missed.push(`FCP ${(behind / 1000).toFixed(2)} s behind the scripts-removed copy`);
  if (r.preset === "mobile" && r.scores.performance < TARGETS.mobilePerformance) missed.push(`Performance ${r.scores.performance} < ${TARGETS.mobilePerformance}`);
  if (r.tbtMs > TARGETS.tbtMs) missed.push(`TBT ${Math.round(r.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  if (r.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${(r.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`);
  if (r.cls > TARGETS.cls) missed.push(`CLS ${r.cls.toFixed(3)} > ${TARGETS.cls}`);
  if (r.scores.accessibility < TARGETS.otherCategories) missed.push(`Accessibility ${r.scores.accessibility}`);
  if (r.scores.bestPractices < TARGETS.otherCategories) missed.push(`Best Practices ${r.scores.bestPractices}`);
  if (!NOINDEX.has(r.route) && r.scores.seo < TARGETS.otherCategories) missed.push(`SEO ${r.scores.seo}`);
  return missed;
}

function formatTable(rows: RunSummary[]): string {
  const header = "| Route | Preset | Copy | Perf | A11y | BP | SEO | FCP | FCP vs no scripts | LCP | TBT | CLS | JS | Total | Req | Failing audits |";
  const line = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";
  const seconds = (ms: number | undefined) => (ms === undefined ? "" : `${ms >= 0 ? "+" : "−"}${(Math.abs(ms) / 1000).toFixed(2)} s`);
  const body = rows.map(
    (r) =>
      `| ${r.route} | ${r.preset} | ${r.copy} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores.bestPractices} | ${r.scores.seo} | ${(r.fcpMs / 1000).toFixed(2)} s | ${r.copy === "page" ? seconds(fcpBehind(r, rows)) : ""} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1024).toFixed(0)} KB | ${(r.totalBytes / 1024).toFixed(0)} KB | ${r.requests} | ${r.failingAudits.join(", ") || "none"} |`,
  );
  return [header, line, ...body].join("\n");
}

async function main() {
  requireProductionBuild();
  const runs = Number(option("runs") ?? 3);
  const routes = option("routes")?.split(",") ?? everyPublicRoute();
  const presetOption = option("preset") ?? "both";
  const presets = (presetOption === "both" ? ["mobile", "desktop"] : [presetOption]) as RunSummary["preset"][];

  // chrome-launcher reports a missing binary as an unhandled error event that ends this
  // process at once, which would leave the servers below running: check first.
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);

  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-lh-"));
  const images = await startStandInImages(makeCertificate(tmp));
  const server = await startProductionServer({ DATABASE_PATH: path.join(tmp, "lh.db"), RATE_LIMIT_MULTIPLIER: "1000" });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      "--headless=new",
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${STOCK_HOST} 127.0.0.1`,
      "--ignore-certificate-errors",
    ],
  });
  const copies: RunSummary["copy"][] = process.argv.includes("--no-copy") ? ["page"] : ["page", "no scripts"];
  const proxies = { page: await startSiteProxy(server.url, { removeScripts: false }), "no scripts": await startSiteProxy(server.url, { removeScripts: true }) };
  const results: RunSummary[] = [];
  try {
    for (const route of routes) {
      for (const preset of presets) {
        const samples: Record<RunSummary["copy"], RunSummary[]> = { page: [], "no scripts": [] };
        // Each proxy keeps what it answered: the first load of a route is not the one measured.
        for (const copy of copies) for (const encoding of ["br", "gzip"]) await fetch(`${proxies[copy].url}${route}`, { headers: { "accept-encoding": encoding } });
        for (let run = 0; run < runs; run += 1) {
          // The page and its copy one after the other, so both see the same state of the machine.
          for (const copy of copies) {
            const origin = proxies[copy].url;
            const label = `${preset}${copy === "page" ? "" : "-no-scripts"}${route.replace(/[^a-z0-9]+/gi, "_")}-${run + 1}`;
            const assetsDir = option("save-assets");
            if (assetsDir) mkdirSync(assetsDir, { recursive: true });
            const assetsPrefix = assetsDir ? path.join(assetsDir, label) : undefined;
            const lhr = await runWithRetry(() => runLighthouse(`${origin}${route}`, chrome.port, preset, assetsPrefix), route);
            if (process.argv.includes("--details")) printDetails(lhr);
            const reportDir = option("save-reports");
            if (reportDir) {
              mkdirSync(reportDir, { recursive: true });
              writeFileSync(path.join(reportDir, `${label}.json`), JSON.stringify(lhr));
            }
            samples[copy].push(summarize(route, preset, copy, lhr));
          }
        }
        for (const copy of copies) {
          // FCP is the figure compared: its own median, not the one of the run kept for the score.
          const kept = { ...median(samples[copy]), fcpMs: medianOf(samples[copy].map((sample) => sample.fcpMs)) };
          results.push(kept);
        }
        const page = results.at(-copies.length)!;
        const behind = fcpBehind(page, results);
        console.log(
          `${route.padEnd(30)} ${preset.padEnd(7)} perf ${page.scores.performance} a11y ${page.scores.accessibility} bp ${page.scores.bestPractices} seo ${page.scores.seo} FCP ${(page.fcpMs / 1000).toFixed(2)}s${behind === undefined ? "" : ` (no scripts ${((page.fcpMs - behind) / 1000).toFixed(2)}s, ${behind >= 0 ? "+" : "-"}${(Math.abs(behind) / 1000).toFixed(2)}s)`} LCP ${(page.lcpMs / 1000).toFixed(2)}s TBT ${Math.round(page.tbtMs)}ms CLS ${page.cls.toFixed(3)}${page.failingAudits.length ? `  failing: ${page.failingAudits.join(", ")}` : ""}`,
        );
      }
    }
  } finally {
    await chrome.kill();
    await proxies.page.close();
    await proxies["no scripts"].close();
    await server.stop();
    images.close();
    rmSync(tmp, { recursive: true, force: true });
  }

  const table = formatTable(results);
  console.log(`\n${table}`);
  const pages = results.filter((r) => r.copy === "page");
  const misses = pages.map((r) => ({ r, missed: missedTargets(r, results) })).filter(({ missed }) => missed.length > 0);
  console.log(`\nTargets (mobile Performance ≥ ${TARGETS.mobilePerformance}, TBT ≤ ${TARGETS.tbtMs} ms, LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}, A11y/BP/SEO 100, FCP at most ${TARGETS.fcpBehindNoScriptsMs / 1000} s behind the scripts-removed copy): met by ${pages.length - misses.length} of ${pages.length} route-presets`);
  for (const { r, missed } of misses) console.log(`  missed: ${r.route} ${r.preset}: ${missed.join(", ")}`);
  const failed = [...new Set(results.flatMap((r) => r.failedRequests))];
  console.log(failed.length ? `\nFailed requests:\n${failed.join("\n")}` : "\nFailed requests: none");
  mkdirSync("bench-results", { recursive: true });
  writeFileSync("bench-results/lighthouse.json", JSON.stringify({ date: new Date().toISOString(), runs, results }, null, 2));
  writeFileSync("bench-results/lighthouse.md", `${table}\n`);
  console.log("\nWritten: bench-results/lighthouse.json, bench-results/lighthouse.md");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
