import { type Kysely, sql } from "kysely";
import { qualifyLatestSurvey } from "@/server/leads/lead-qualification";
import { idBatches } from "@/server/db/id-batches";

type SurveyScoreRow = {
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

/**
 * Writes `leads.score` from each lead's latest survey (src/server/leads/lead-qualification.ts),
 * for the leads named, or for every lead with a survey; a named lead without a survey gets
 * none. Plain SQL over columns that exist since 0008, so the migration `0013_lead_scores`
 * runs it as well as a change of the rules does. Returns how many leads got a score.
 */
export async function rescoreLeads<DB>(db: Kysely<DB>, leadIds?: readonly number[]): Promise<number> {
  const rows: SurveyScoreRow[] = [];
  const columns = sql.raw(
    "id, lead_id, created_at, employee_count, device_count, phone_count, primary_internet_use, uses_streaming, has_public_wifi, interested_services",
  );
  if (leadIds === undefined) {
    rows.push(...(await sql<SurveyScoreRow>`select ${columns} from survey_submissions where lead_id is not null`.execute(db)).rows);
  } else {
    for (const ids of idBatches(leadIds)) {
      rows.push(...(await sql<SurveyScoreRow>`select ${columns} from survey_submissions where lead_id in (${sql.join(ids)})`.execute(db)).rows);
    }
  }

  const surveysOfLead = new Map<number, SurveyScoreRow[]>();
  for (const row of rows) surveysOfLead.set(Number(row.lead_id), [...(surveysOfLead.get(Number(row.lead_id)) ?? []), row]);
  const leadsOfScore = new Map<number | null, number[]>();
  for (const lead of leadIds ?? []) if (!surveysOfLead.has(lead)) leadsOfScore.set(null, [...(leadsOfScore.get(null) ?? []), lead]);
  for (const [lead, surveys] of surveysOfLead) {
    const qualification = qualifyLatestSurvey(surveys.map(toQualifyingSurvey));
    const score = qualification?.score ?? null;
    leadsOfScore.set(score, [...(leadsOfScore.get(score) ?? []), lead]);
  }
  // One statement per score and chunk: at most 101 scores, so a few hundred statements for 100,000 leads.
  for (const [score, ids] of leadsOfScore) {
    for (const chunk of idBatches(ids)) await sql`update leads set score = ${score} where id in (${sql.join(chunk)})`.execute(db);
  }
  return surveysOfLead.size;
}

function toQualifyingSurvey(row: SurveyScoreRow) {
  return {
    id: Number(row.id),
    submittedAt: Number(row.created_at),
    employeeCount: Number(row.employee_count),
    deviceCount: Number(row.device_count),
    phoneCount: Number(row.phone_count),
    primaryInternetUse: row.primary_internet_use,
    usesStreaming: row.uses_streaming === true || row.uses_streaming === 1,
    hasPublicWifi: row.has_public_wifi === true || row.has_public_wifi === 1,
    interestedServices: parseList(row.interested_services),
  };
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
