// zod/mini, as the desk's query schemas (lead-desk-schemas.ts).
import * as z from "zod/mini";
import "./zod-config";
import { REPORT_RANGE_MAX_DAYS, reportGroupings, revenueGroupings } from "../reports";
import { calendarDate } from "./lead-desk-schemas";

const DAY_MS = 86_400_000;

const rangeShape = {
  from: z.optional(calendarDate),
  to: z.optional(calendarDate),
  format: z._default(z.enum(["json", "csv"], { error: "Format is json or csv." }), "json"),
};

/** GET /api/admin/reports/leads, read from the query string; `from` and `to` default to the last 12 weeks (see reportRangeIssue). */
export const leadReportQuerySchema = z.object({ by: z.enum(reportGroupings, { error: `By is one of ${reportGroupings.join(", ")}.` }), ...rangeShape });
export type LeadReportQuery = z.output<typeof leadReportQuerySchema>;

/** GET /api/admin/reports/revenue, read from the query string. */
export const revenueReportQuerySchema = z.object({ by: z.enum(revenueGroupings, { error: `By is one of ${revenueGroupings.join(", ")}.` }), ...rangeShape });

/** GET /api/admin/reports/speed, read from the query string. */
export const speedReportQuerySchema = z.object(rangeShape);
export type SpeedReportQuery = z.output<typeof speedReportQuerySchema>;

/** What is wrong with a range of valid days (YYYY-MM-DD, both included), once its defaults are filled in; null when nothing. */
export function reportRangeIssue(from: string, to: string): { field: "from" | "to"; message: string } | null {
  if (from > to) return { field: "from", message: "From must not be after to." };
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > REPORT_RANGE_MAX_DAYS) return { field: "to", message: `A report covers at most ${REPORT_RANGE_MAX_DAYS} days.` };
  return null;
}
