import { type FieldErrors, fieldErrors, type ValidationIssues } from "@/lib/field-errors";
import { leadReportColumns, type LeadReportRow, revenueReportColumns, speedReportColumns, type SpeedReportRow } from "@/lib/reports";
import { leadReportQuerySchema, reportRangeIssue, revenueReportQuerySchema, speedReportQuerySchema } from "@/lib/validation/report-schemas";
import { toCsv, UTF8_BOM } from "@/lib/csv";
import { adminRoute } from "@/server/admin/admin-route";
import { jsonResponse } from "@/server/http/json-responses";
import { leadReport, speedReport } from "@/server/reports/lead-reports";
import { lastWeeks, reportRange, type ReportRange } from "@/server/reports/report-range";
import { revenueReport } from "@/server/reports/revenue-report";

/*
 * The reports' JSON and CSV API (docs/reports.md). Read-only: a session, JSON 400 for a
 * bad grouping, date, order or span.
 */

/** 400 with each invalid field's message under `fields` and `fieldErrors`, as the desk's API answers. */
function invalid(fields: FieldErrors): Response {
  return jsonResponse({ error: "Some fields are invalid.", fields, fieldErrors: fields }, 400);
}

/** The query string, one value per name (the first), an empty value counting as absent, as the desk's list reads it. */
function queryOf(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) if (!(name in query) && value !== "") query[name] = value;
  return query;
}

/** The range asked for: `to` defaults to today, `from` to the Monday 11 weeks before the week of `to` (12 weeks). */
function rangeOf(query: { from?: string | undefined; to?: string | undefined }, now = Date.now()): ReportRange | FieldErrors {
  const to = query.to ?? lastWeeks(12, now).to;
  const from = query.from ?? lastWeeks(12, Date.parse(`${to}T12:00:00Z`)).from;
  const issue = reportRangeIssue(from, to);
  return issue ? { [issue.field]: issue.message } : reportRange(from, to);
}

function isRange(value: ReportRange | FieldErrors): value is ReportRange {
  return typeof (value as ReportRange).start === "number";
}

function csvDownload(name: string, header: readonly string[], rows: readonly (readonly unknown[])[]): Response {
  return new Response(UTF8_BOM + toCsv(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

function parseFailure(error: ValidationIssues): Response {
  return invalid(fieldErrors(error));
}

/** GET /api/admin/reports/leads?by=week|channel|service|status&from=&to=&format=json|csv. */
export const leadReportRoute = adminRoute(async ({ request }) => {
  const parsed = leadReportQuerySchema.safeParse(queryOf(request));
  if (!parsed.success) return parseFailure(parsed.error);
  const range = rangeOf(parsed.data);
  if (!isRange(range)) return invalid(range);
  const rows: LeadReportRow[] = await leadReport(parsed.data.by, range);
  if (parsed.data.format === "json") return jsonResponse({ rows });
  return csvDownload(
    `leads-by-${parsed.data.by}-${range.from}-to-${range.to}`,
    leadReportColumns,
    rows.map((row) => leadReportColumns.map((column) => row[column])),
  );
});

/** GET /api/admin/reports/speed?from=&to=&format=json|csv: median speed to lead per month. */
export const speedReportRoute = adminRoute(async ({ request }) => {
  const parsed = speedReportQuerySchema.safeParse(queryOf(request));
  if (!parsed.success) return parseFailure(parsed.error);
  const range = rangeOf(parsed.data);
  if (!isRange(range)) return invalid(range);
  const rows: SpeedReportRow[] = await speedReport(range);
  if (parsed.data.format === "json") return jsonResponse({ rows });
  return csvDownload(`speed-to-lead-${range.from}-to-${range.to}`, speedReportColumns, rows.map((row) => speedReportColumns.map((column) => row[column])));
});

/** GET /api/admin/reports/revenue?by=channel|service|month&from=&to=&format=json|csv → { rows: [{ key, quotes, accepted, oneTimeCents, monthlyCents }] }. */
export const revenueReportRoute = adminRoute(async ({ request }) => {
  const parsed = revenueReportQuerySchema.safeParse(queryOf(request));
  if (!parsed.success) return parseFailure(parsed.error);
  const range = rangeOf(parsed.data);
  if (!isRange(range)) return invalid(range);
  const rows = await revenueReport(parsed.data.by, range);
  if (parsed.data.format === "json") return jsonResponse({ rows });
  return csvDownload(`revenue-by-${parsed.data.by}-${range.from}-to-${range.to}`, revenueReportColumns, rows.map((row) => revenueReportColumns.map((column) => row[column])));
});
