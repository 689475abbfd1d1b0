import { formatCents } from "@/lib/quotes/quote-totals";
import type { RevenueReportRow } from "@/lib/reports";
import { ReportFigure } from "./report-figure";

/**
 * Won revenue by first-touch channel, one-time and monthly apart, as a plain table that fits a
 * 375 px phone: which marketing brings paying customers, in one look (docs/quotes.md).
 */
export function RevenueByChannel({ rows, csvHref }: { rows: readonly RevenueReportRow[]; csvHref: string }) {
  const title = "Won revenue by channel";
  const label = (row: RevenueReportRow) => row.key ?? "Unassigned";
  return (
    <ReportFigure
      id="revenue"
      title={title}
      note="Quotes accepted in the period, by where each customer first came from."
      csvHref={csvHref}
      chart={
        rows.length === 0 ? (
          <p className="text-sm text-slate-600">No quotes in this period.</p>
        ) : (
          <table className="w-full text-sm" aria-hidden="true">
            <thead>
              <tr className="border-b border-border text-left text-slate-600">
                <th className="py-1 pr-2 font-medium">Channel</th>
                <th className="py-1 pr-2 text-right font-medium">Won</th>
                <th className="py-1 pr-2 text-right font-medium">One-time</th>
                <th className="py-1 text-right font-medium">Monthly</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={label(row)} className="border-b border-border/60 text-slate-900">
                  <td className="py-1.5 pr-2 break-words">{label(row)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">
                    {row.accepted}/{row.quotes}
                  </td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{formatCents(row.oneTimeCents)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatCents(row.monthlyCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
      table={{ caption: title, columns: ["Channel", "Quotes sent", "Accepted", "One-time", "Monthly"], rows: rows.map((row) => [label(row), row.quotes, row.accepted, formatCents(row.oneTimeCents), formatCents(row.monthlyCents)]) }}
    />
  );
}
