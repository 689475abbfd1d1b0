import { type Kysely, sql } from "kysely";

/*
 * 0013 (data only): each lead's score from its latest survey. The scoring rules are carried here FROZEN, as
 * src/server/leads/lead-qualification.ts had them at commit 1e6039f (2026-11-27); only the score is stored, so only
 * the points are copied. Today's rules rescore through `npm run db:rescore-leads`, never through this migration.
 */

type SurveyRow = {
  id: number | string;
  lead_id: number | string;
  created_at: number | string;
  employee_count: number;
  device_count: number;
  phone_count: number;
  primary_internet_use: string;
  uses_streaming: boolean | number;
  has_public_wifi: boolean | number;
  interested_services: string;
};

const EMPLOYEE_POINTS = [
  { from: 1, points: 5 },
  { from: 5, points: 10 },
  { from: 10, points: 20 },
  { from: 25, points: 25 },
  { from: 50, points: 30 },
];
const DEVICE_POINTS = [
  { from: 0, points: 0 },
  { from: 10, points: 5 },
  { from: 25, points: 15 },
  { from: 50, points: 20 },
  { from: 100, points: 25 },
];
const PHONE_LINE_POINTS = [
  { from: 0, points: 0 },
  { from: 1, points: 5 },
  { from: 5, points: 10 },
  { from: 15, points: 15 },
];
const PUBLIC_WIFI_POINTS = 10;
const STREAMING_POINTS = 5;
const CRITICAL_USE_POINTS = 5;
const INTEREST_POINTS_EACH = 5;
const INTEREST_POINTS_MAX = 10;
const CRITICAL_USES = [
  /\b(card|cards|payments?|pos|point of sale|register|checkout)\b/i,
  /\b(cloud|saas|microsoft 365|office 365|google workspace|quickbooks online|ehr|emr|charts?)\b/i,
  /\b(video calls?|zoom|teams|webex|telehealth|meetings?)\b/i,
];

function stepPoints(steps: readonly { from: number; points: number }[], value: number): number {
  let points = 0;
  for (const step of steps) if (value >= step.from) points = step.points;
  return points;
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function scoreOf(row: SurveyRow): number {
  const interests = new Set(parseList(row.interested_services));
  let score = stepPoints(EMPLOYEE_POINTS, Number(row.employee_count));
  score += stepPoints(DEVICE_POINTS, Number(row.device_count));
  score += stepPoints(PHONE_LINE_POINTS, Number(row.phone_count));
  if (row.has_public_wifi === true || row.has_public_wifi === 1) score += PUBLIC_WIFI_POINTS;
  if (row.uses_streaming === true || row.uses_streaming === 1) score += STREAMING_POINTS;
  if (CRITICAL_USES.some((pattern) => pattern.test(row.primary_internet_use))) score += CRITICAL_USE_POINTS;
  if (interests.size > 0) score += Math.min(INTEREST_POINTS_MAX, INTEREST_POINTS_EACH * interests.size);
  return Math.min(100, score);
}

export async function scoreLeads(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<SurveyRow>`
    select id, lead_id, created_at, employee_count, device_count, phone_count, primary_internet_use, uses_streaming, has_public_wifi, interested_services
    from survey_submissions where lead_id is not null`.execute(db);
  const latestOfLead = new Map<number, SurveyRow>();
  for (const row of rows.rows) {
    const lead = Number(row.lead_id);
    const latest = latestOfLead.get(lead);
    const newer = !latest || Number(row.created_at) > Number(latest.created_at) || (Number(row.created_at) === Number(latest.created_at) && Number(row.id) > Number(latest.id));
    if (newer) latestOfLead.set(lead, row);
  }
  const leadsOfScore = new Map<number, number[]>();
  for (const [lead, survey] of latestOfLead) {
    const score = scoreOf(survey);
    leadsOfScore.set(score, [...(leadsOfScore.get(score) ?? []), lead]);
  }
  for (const [score, ids] of leadsOfScore) {
    for (let start = 0; start < ids.length; start += 500) {
      await sql`update leads set score = ${score} where id in (${sql.join(ids.slice(start, start + 500))})`.execute(db);
    }
  }
}
