import type { Kysely } from "kysely";
import type { LatestRequest } from "@/lib/lead-desk";
import { surveyServiceLabel } from "@/lib/validation/survey-services";
import { type Database, isoFromMillis } from "@/server/db/schema";

/** The top of a lead's card and Today's "Came back" row show this much of what the lead last sent. */
export const LATEST_REQUEST_MAX = 200;

/** What each of these leads last sent (its latest message, or its latest survey's summary), by lead id. */
export async function latestRequests(executor: Kysely<Database>, leadIds: readonly number[]): Promise<Map<number, LatestRequest>> {
  const latest = new Map<number, LatestRequest & { order: number }>();
  if (leadIds.length === 0) return latest;
  const [contacts, surveys] = await Promise.all([
    executor.selectFrom("contact_requests").select(["id", "lead_id", "created_at", "message"]).where("lead_id", "in", leadIds).execute(),
    executor
      .selectFrom("survey_submissions")
      .select(["id", "lead_id", "created_at", "interested_services", "employee_count", "device_count", "additional_comments"])
      .where("lead_id", "in", leadIds)
      .execute(),
  ]);
  const keep = (leadId: number | null, at: number, request: Omit<LatestRequest, "at">) => {
    if (leadId === null) return;
    const current = latest.get(Number(leadId));
    if (!current || at > current.order) latest.set(Number(leadId), { ...request, at: isoFromMillis(at), order: at });
  };
  for (const row of contacts) keep(row.lead_id, Number(row.created_at), { kind: "contact", text: clip(row.message) });
  for (const row of surveys) keep(row.lead_id, Number(row.created_at), { kind: "survey", text: clip(surveySummary(row)) });
  return new Map([...latest].map(([id, { order: _order, ...request }]) => [id, request]));
}

/** "Wants VoIP, Guest WiFi · 12 employees, 40 devices · <comments>". */
function surveySummary(row: { interested_services: string; employee_count: number; device_count: number; additional_comments: string }): string {
  let services: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.interested_services);
    if (Array.isArray(parsed)) services = parsed.map((service) => surveyServiceLabel(String(service)));
  } catch {
    // A damaged row still has its counts and comments to show.
  }
  const parts = [
    services.length > 0 ? `Wants ${services.join(", ")}` : "No services chosen",
    `${Number(row.employee_count)} employees, ${Number(row.device_count)} devices`,
    row.additional_comments.trim(),
  ];
  return parts.filter((part) => part !== "").join(" · ");
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > LATEST_REQUEST_MAX ? `${flat.slice(0, LATEST_REQUEST_MAX)}…` : flat;
}
