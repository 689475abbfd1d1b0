/**
 * npm run bench:multi — POST /api/contact on two app instances sharing one PostgreSQL
 * database, as behind a load balancer: 50 connections for 10 s, split evenly, one
 * autocannon run per instance at the same time. Prints the combined throughput and
 * latency, and checks that every acknowledged lead was stored exactly once.
 *
 * Needs the production build (`npm run build`) and a PostgreSQL server where it may
 * create a throw-away database (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test).
 * Rate limits are raised, not switched off, so the limiter's query is part of the run.
 */
import autocannon from "autocannon";
import { createFreshPostgres } from "../tests/support/fresh-postgres";
import { type RunningServer, startProductionServer } from "../tests/support/production-server";
import { numberedContactBody, numberedContactRequests, requireProductionBuild } from "./bench-support";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? "10";
const WARM_UP = 20;

const headers = { "content-type": "application/json" };

interface Run {
  result: autocannon.Result;
  latencies: number[];
}

/** One autocannon run; keeps every response time so the two runs' percentiles can be combined. */
function load(server: RunningServer, connections: number): Promise<Run> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${server.url}/api/contact`, method: "POST", headers, requests: numberedContactRequests, connections, duration: DURATION_S },
      (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result, latencies })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  requireProductionBuild();
  const database = await createFreshPostgres("bench_multi");
  let servers: RunningServer[] = [];
  try {
    const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: POOL_SIZE, RATE_LIMIT_MULTIPLIER: "1000000", SMTP_URL: undefined };
    const started = await Promise.allSettled([startProductionServer(env), startProductionServer(env)]);
    servers = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const failed = started.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    for (const server of servers) {
      for (let i = 0; i < WARM_UP; i += 1) await fetch(`${server.url}/api/contact`, { method: "POST", headers, body: numberedContactBody() });
    }

    const split = [Math.ceil(CONNECTIONS / 2), Math.floor(CONNECTIONS / 2)];
    const runs = await Promise.all(servers.map((server, index) => load(server, split[index] ?? 1)));

    // Let requests still in flight when the clock stopped reach the database.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [{ n }] = (await database.query<{ n: string }>("select count(*) as n from contact_requests")) as [{ n: string }];
    const stored = Number(n) - WARM_UP * servers.length;
    const acknowledged = runs.reduce((sum, run) => sum + run.result["2xx"], 0);
    const answered = runs.reduce((sum, run) => sum + run.latencies.length, 0);
    const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
    const perSecond = runs.map((run) => run.result.requests.average);

    console.log("\nPOST /api/contact on two instances, one PostgreSQL database (production build)");
    console.log(`connections        ${CONNECTIONS} (${split.join(" + ")})`);
    console.log(`duration           ${DURATION_S} s`);
    console.log(`pool per instance  ${POOL_SIZE}`);
    console.log(`requests/second    ${perSecond.reduce((a, b) => a + b, 0).toFixed(0)} combined (${perSecond.map((value) => value.toFixed(0)).join(" + ")})`);
    console.log(`latency p50        ${percentile(latencies, 50).toFixed(1)} ms`);
    console.log(`latency p99        ${percentile(latencies, 99).toFixed(1)} ms`);
    console.log(
      `responses          2xx ${acknowledged}, non-2xx ${runs.reduce((sum, run) => sum + run.result.non2xx, 0)}, ` +
        `errors ${runs.reduce((sum, run) => sum + run.result.errors, 0)}, timeouts ${runs.reduce((sum, run) => sum + run.result.timeouts, 0)}`,
    );
    console.log(`rows stored        ${stored} from the run (+${WARM_UP * servers.length} warm-up)`);
    // autocannon drops the requests in flight when the clock stops (at most one per
    // connection): the server may have stored them, but nobody saw the answer.
    const cutOff = stored - acknowledged;
    if (cutOff < 0) {
      console.log(`LOST: ${-cutOff} acknowledged requests are missing from the database`);
      process.exitCode = 1;
    } else if (cutOff > CONNECTIONS) {
      console.log(`UNEXPECTED: ${cutOff} more rows than acknowledged requests, more than the ${CONNECTIONS} that can be in flight`);
      process.exitCode = 1;
    } else {
      console.log(`check              stored = ${acknowledged} acknowledged + ${cutOff} in flight at the stop (of ${answered} answered): none lost`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
