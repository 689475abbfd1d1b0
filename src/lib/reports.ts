/**
 * The reports' API shapes (docs/reports.md): what src/server/reports builds, the
 * reports screen draws and the CSV downloads hold.
 */

/** What GET /api/admin/reports/leads groups the leads by. */
export const reportGroupings = ["week", "channel", "service", "status"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** The reports screen's periods, in weeks (`?weeks=` in its address). */
export const reportPeriods = [12, 52] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** The longest range a report answers: three years and a leap day, in days. */
export const REPORT_RANGE_MAX_DAYS = 3 * 365 + 1;

/**
 * One group of leads. `leads`: leads first submitted in the range (Spam excluded);
 * `contacted` and `quoted`: of those, how many ever reached that stage (a Won lead was
 * contacted and quoted); `won` and `lost`: how many are Won or Lost now.
 * `key`: the week's Monday (YYYY-MM-DD), the channel, the service line (null: not
 * stated) or the status; `label`: the key in words.
 */
export type LeadReportRow = { key: string | null; label: string; leads: number; contacted: number; quoted: number; won: number; lost: number };

/** Median speed to lead of the web leads first submitted in one month that have had a response. */
export type SpeedReportRow = { month: string; medianSeconds: number | null; leads: number };

/** Quotes sent and won in the range, per channel, service line or month (docs/quotes.md). */
export const revenueGroupings = ["channel", "service", "month"] as const;
export type RevenueGrouping = (typeof revenueGroupings)[number];
export type RevenueReportRow = { key: string | null; quotes: number; accepted: number; oneTimeCents: number; monthlyCents: number };
export const revenueReportColumns = ["key", "quotes", "accepted", "oneTimeCents", "monthlyCents"] as const;

export const leadReportColumns = ["key", "label", "leads", "contacted", "quoted", "won", "lost"] as const;
export const speedReportColumns = ["month", "medianSeconds", "leads"] as const;

/** The reports screen: one period, every report over it. `from` and `to` are days in New York, both included. */
export type ReportsView = {
  weeks: ReportPeriod;
  /** Won one-time and monthly revenue by first-touch channel: which marketing brings paying customers. */
  revenueByChannel: RevenueReportRow[];
  from: string;
  to: string;
  byWeek: LeadReportRow[];
  byChannel: LeadReportRow[];
  byService: LeadReportRow[];
  byStatus: LeadReportRow[];
  speed: SpeedReportRow[];
};

/** Win rate: won ÷ (won + lost), the leads decided either way; null before any is decided. */
export function winRate(won: number, lost: number): number | null {
  return won + lost === 0 ? null : won / (won + lost);
}

/** The reports' API paths. */
export const reportApi = { leads: "/api/admin/reports/leads", speed: "/api/admin/reports/speed", revenue: "/api/admin/reports/revenue" } as const;

/** The revenue report's CSV download by channel, service or month for the range `from`–`to`. */
export function revenueCsvHref(by: RevenueGrouping, from: string, to: string): string {
  return `${reportApi.revenue}?by=${by}&from=${from}&to=${to}&format=csv`;
}

/** A report's CSV download for the range `from`–`to`. */
export function reportCsvHref(report: ReportGrouping | "speed", from: string, to: string): string {
  const range = `from=${from}&to=${to}&format=csv`;
  return report === "speed" ? `${reportApi.speed}?${range}` : `${reportApi.leads}?by=${report}&${range}`;
}
