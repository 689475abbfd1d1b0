import { randomBytes } from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";
import { validContact, validSurvey } from "./api-request";

/**
 * Sends contact requests and surveys at a fixed number of connections, each with a
 * unique marker in its message or comments, then reads the SQLite file to prove that
 * the database holds exactly the acknowledged submissions, each once. Shared by
 * `npm run bench:load` and its smaller e2e twin.
 */
export interface LoadOptions {
  url: string;
  contacts: number;
  surveys: number;
  connections: number;
  /** Per-request limit; a request still unanswered by then counts as a socket error. */
  timeoutMs?: number;
}

type Kind = "contact" | "survey";
type Outcome = { kind: Kind; marker: string; status?: number; error?: string; ms: number };

export interface LoadResult {
  sent: number;
  durationMs: number;
  byStatus: Record<string, number>;
  socketErrors: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  outcomes: Outcome[];
}

export interface LossReport {
  acknowledged: number;
  stored: number;
  /** Acknowledged (201) but not in the database. */
  lost: string[];
  /** In the database more than once. */
  duplicated: string[];
  /** In the database without a 201, from a request that did get an answer (4xx/5xx). */
  unexpected: string[];
  /** In the database without a 201 because the answer was lost with the socket: allowed. */
  storedAfterSocketError: number;
}

const agentFor = (connections: number) => new http.Agent({ keepAlive: true, maxSockets: connections });

function post(agent: http.Agent, url: string, path: string, body: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: "POST",
        path: target.pathname,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runLosslessLoad(options: LoadOptions): Promise<LoadResult> {
  const run = randomBytes(4).toString("hex");
  const jobs: { kind: Kind; marker: string }[] = [];
  for (let i = 0; i < Math.max(options.contacts, options.surveys); i += 1) {
    if (i < options.contacts) jobs.push({ kind: "contact", marker: `load-${run}-c${i}` });
    if (i < options.surveys) jobs.push({ kind: "survey", marker: `load-${run}-s${i}` });
  }
  const agent = agentFor(options.connections);
  const outcomes: Outcome[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const job = jobs[next];
      next += 1;
      if (!job) return;
      const body =
        job.kind === "contact"
          ? JSON.stringify({ ...validContact, message: `Load test request [${job.marker}] for failover internet.` })
          : JSON.stringify({ ...validSurvey, additionalComments: `Load test survey [${job.marker}]` });
      const begin = performance.now();
      try {
        const status = await post(agent, options.url, job.kind === "contact" ? "/api/contact" : "/api/survey", body, options.timeoutMs ?? 30_000);
        outcomes.push({ ...job, status, ms: performance.now() - begin });
      } catch (error) {
        outcomes.push({ ...job, error: error instanceof Error ? error.message : String(error), ms: performance.now() - begin });
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const durationMs = performance.now() - started;
  agent.destroy();

  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) if (outcome.status !== undefined) byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
  const latencies = outcomes.filter((outcome) => outcome.status !== undefined).map((outcome) => outcome.ms).sort((a, b) => a - b);
  return {
    sent: outcomes.length,
    durationMs,
    byStatus,
    socketErrors: outcomes.filter((outcome) => outcome.error !== undefined).length,
    latencyMs: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
    outcomes,
  };
}

const MARKER = /\[(load-[0-9a-f]{8}-[cs]\d+)\]/;

/** Compares the outcomes with the markers stored in the SQLite file (the server may still run). */
export function checkStoredSubmissions(databasePath: string, result: LoadResult): LossReport {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  let texts: string[];
  try {
    texts = [
      ...(database.prepare("select message as text from contact_requests").all() as { text: string }[]),
      ...(database.prepare("select additional_comments as text from survey_submissions").all() as { text: string }[]),
    ].map((row) => row.text);
  } finally {
    database.close();
  }
  const counts = new Map<string, number>();
  for (const text of texts) {
    const marker = MARKER.exec(text)?.[1];
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  const byMarker = new Map(result.outcomes.map((outcome) => [outcome.marker, outcome]));
  const acknowledged = result.outcomes.filter((outcome) => outcome.status === 201);
  const report: LossReport = {
    acknowledged: acknowledged.length,
    stored: [...counts.values()].reduce((sum, count) => sum + count, 0),
    lost: acknowledged.filter((outcome) => !counts.has(outcome.marker)).map((outcome) => outcome.marker),
    duplicated: [...counts.entries()].filter(([, count]) => count > 1).map(([marker]) => marker),
    unexpected: [],
    storedAfterSocketError: 0,
  };
  for (const marker of counts.keys()) {
    const outcome = byMarker.get(marker);
    if (outcome?.status === 201) continue;
    if (outcome?.error !== undefined) report.storedAfterSocketError += 1;
    else report.unexpected.push(marker);
  }
  return report;
}
