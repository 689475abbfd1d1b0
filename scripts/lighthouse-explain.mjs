#!/usr/bin/env node
/**
 * npm run lighthouse:explain -- PREFIX [PREFIX…]
 *
 * Explains a mobile Lighthouse run saved by `npm run bench:lighthouse -- --save-assets DIR`
 * (PREFIX is DIR/<preset><route>-<run>, without the .report.json): what Lantern, the
 * simulation behind the mobile scores, put on the path to LCP and which main-thread
 * tasks it counted as blocking. A plain JavaScript file because Lighthouse's modules
 * are loaded straight from node_modules.
 */
import { readFileSync } from "node:fs";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { defaultSettings } from "lighthouse/core/config/constants.js";

/** Lantern's mobile CPU slowdown; tasks that lay out are slowed by half as much. */
const BLOCKING_MS = 50;

function ms(value) {
  return `${Math.round(value)} ms`.padStart(8);
}

/** The names of the trace events that took the longest inside one main-thread task. */
function composition(node) {
  const totals = new Map();
  for (const event of node.childEvents) {
    if (!event.dur) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, total]) => `${name} ${total.toFixed(1)}`)
    .join(", ");
}

async function explain(prefix) {
  const report = JSON.parse(readFileSync(`${prefix}.report.json`, "utf8"));
  const url = report.finalDisplayedUrl ?? report.requestedUrl;
  const data = {
    trace: JSON.parse(readFileSync(`${prefix}.report-0.trace.json`, "utf8")),
    devtoolsLog: JSON.parse(readFileSync(`${prefix}.report-0.devtoolslog.json`, "utf8")),
    gatherContext: { gatherMode: "navigation" },
    settings: { ...defaultSettings, ...report.configSettings },
    URL: { requestedUrl: url, mainDocumentUrl: url, finalDisplayedUrl: url },
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map() };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const metrics = report.audits.metrics?.details?.items?.[0] ?? {};

  console.log(`\n${url}`);
  console.log(`  observed (unthrottled): FCP ${Math.round(metrics.observedFirstContentfulPaint)} ms, LCP ${Math.round(metrics.observedLargestContentfulPaint)} ms`);
  console.log(`  simulated: FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}), TBT ${Math.round(tbt.timing)} ms`);

  console.log("  on the simulated path to LCP (pessimistic graph), by simulated end time:");
  const path = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, timing] of path) {
    const what =
      node.type === "network"
        ? `${node.request.resourceType ?? "Other"} ${node.request.url.replace(/^https?:\/\/[^/]+/, "")} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
        : `main thread ${(node.duration / 1000).toFixed(1)} ms observed: ${composition(node)}`;
    console.log(`  ${ms(timing.startTime)} → ${ms(timing.endTime)}  ${what}`);
  }

  console.log(`  tasks counted by TBT (over ${BLOCKING_MS} ms once simulated, after simulated FCP):`);
  let any = false;
  for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== "cpu" || timing.duration <= BLOCKING_MS || timing.endTime <= fcp.timing) continue;
    any = true;
    console.log(`  ${ms(timing.startTime)} ${ms(timing.duration)} simulated, ${(node.duration / 1000).toFixed(1)} ms observed: ${composition(node)}`);
  }
  if (!any) console.log("  none");
}

const prefixes = process.argv.slice(2);
if (prefixes.length === 0) {
  console.error("usage: npm run lighthouse:explain -- DIR/<preset><route>-<run> …");
  process.exit(2);
}
for (const prefix of prefixes) await explain(prefix);
