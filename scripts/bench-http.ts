/**
 * npm run bench:http — server throughput against the production build (run
 * `npm run build` first), side by side with a bare node:http server answering the
 * same prerendered home page from memory: the floor of this machine.
 *
 * For each of three rounds: GET / and GET an article on Next, GET / on the bare
 * server, and POST /api/contact on SQLite (rate limit raised), each with
 * autocannon at 50 connections for 10 s. Prints requests/second, p50 and p99,
 * the ratio to the bare server, and the Next server's resident memory.
 *
 * Then, unless --no-postgres, the same POST load on two instances sharing one
 * PostgreSQL database (scripts/bench-multi-instance.ts) for the scale-out figure.
 *
 * Options: --duration S (default 10), --rounds N (default 3), --no-postgres.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startNextServer } from "../tests/support/next-server";

const CONNECTIONS = 50;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const homeFile = path.join(process.cwd(), distDir, "server", "app", "index.html");
  if (!existsSync(homeFile)) throw new Error("No production build found: run `npm run build` first.");
  const duration = option("duration", 10);
  const rounds = option("rounds", 3);

  // The floor: the same bytes from memory, with no framework in between.
  const home = readFileSync(homeFile);
  const bare = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": home.length });
    response.end(home);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const barePort = (bare.address() as { port: number }).port;

  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
  const server = await startNextServer({ DATABASE_PATH: path.join(dir, "bench.db"), RATE_LIMIT_MULTIPLIER: "1000000" });
  const pid = server.process.pid!;
  const contactBody = JSON.stringify({
    name: "Bench Mark",
    email: "bench@example.com",
    phone: "(864) 555-0100",
    projectType: "managed-internet",
    message: "Benchmark request body of a realistic size for a contact form.",
  });
  try {
    // Warm-up: first requests compile routes and open the database.
    for (const target of ["/", "/blog/sd-wan-vs-mpls"]) await fetch(`${server.url}${target}`);
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: contactBody });
    }
    const memory = [residentMemoryMb(pid)];
    console.log(`Next server resident memory before: ${memory[0]!.toFixed(0)} MB`);
    for (let round = 1; round <= rounds; round += 1) {
      const results = [
        await measure("bare node:http GET /", { url: `http://127.0.0.1:${barePort}/`, duration }),
        await measure("next GET /", { url: `${server.url}/`, duration }),
        await measure("next GET /blog/sd-wan-vs-mpls", { url: `${server.url}/blog/sd-wan-vs-mpls`, duration }),
        await measure("next POST /api/contact (SQLite)", {
          url: `${server.url}/api/contact`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: contactBody,
          duration,
        }),
      ];
      memory.push(residentMemoryMb(pid));
      const floor = results[0]!.rps;
      console.log(`\nRound ${round} (${CONNECTIONS} connections, ${duration} s each)`);
      console.log("| Target | req/s | p50 | p99 | vs bare | errors | non-2xx |");
      console.log("|---|---|---|---|---|---|---|");
      for (const r of results) {
        console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${((r.rps / floor) * 100).toFixed(0)}% | ${r.errors} | ${r.non2xx} |`);
      }
      console.log(`Next server resident memory after round ${round}: ${memory.at(-1)!.toFixed(0)} MB`);
    }
    console.log(`\nResident memory across rounds: ${memory.map((mb) => `${mb.toFixed(0)} MB`).join(" → ")}`);
  } finally {
    await server.stop();
    bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .then(() => {
    if (process.argv.includes("--no-postgres")) return;
    console.log("\nTwo instances on one PostgreSQL database:");
    const run = spawnSync(process.execPath, [path.join(process.cwd(), "node_modules", "tsx", "dist", "cli.mjs"), "scripts/bench-multi-instance.ts"], { stdio: "inherit" });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
