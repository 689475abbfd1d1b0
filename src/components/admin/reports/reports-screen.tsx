import { durationInWords } from "@/lib/lead-desk-labels";
import { type LeadReportRow, reportCsvHref, reportPeriods, type ReportsView, revenueCsvHref, winRate } from "@/lib/reports";
import { RevenueByChannel } from "./revenue-by-channel";
import { routes } from "@/lib/routes";
import { cn } from "@/lib/cn";
import { BarChart, type ChartBar } from "./bar-chart";
import { ReportFigure } from "./report-figure";

/*
 * /admin/reports, rendered on the server only: the charts are SVG and the period is a
 * link, so the screen needs no script of its own (docs/reports.md).
 */

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const weekFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const monthFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });
const count = new Intl.NumberFormat("en-US");

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const plural = (value: number, word: string) => `${count.format(value)} ${word}${value === 1 ? "" : "s"}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function leadsAndWon(rows: readonly LeadReportRow[]): ChartBar[] {
  return rows.map((row) => ({ label: row.label, value: row.leads, part: row.won, valueText: `${plural(row.leads, "lead")} · ${count.format(row.won)} won` }));
}

function leadsAndWonTable(caption: string, first: string, rows: readonly LeadReportRow[]) {
  return { caption, columns: [first, "Leads", "Won"], rows: rows.map((row) => [row.label, row.leads, row.won]) };
}

function largest(rows: readonly LeadReportRow[]): string {
  const top = rows[0];
  return top ? `, most from ${top.label} (${plural(top.leads, "lead")}, ${count.format(top.won)} won)` : "";
}

export function ReportsScreen({ view }: { view: ReportsView }) {
  const { from, to } = view;
  const total = view.byStatus.reduce(
    (sum, row) => ({ leads: sum.leads + row.leads, contacted: sum.contacted + row.contacted, quoted: sum.quoted + row.quoted, won: sum.won + row.won, lost: sum.lost + row.lost }),
    { leads: 0, contacted: 0, quoted: 0, won: 0, lost: 0 },
  );
  const rate = winRate(total.won, total.lost);
  const busiest = view.byWeek.reduce<LeadReportRow | undefined>((best, row) => (best && best.leads >= row.leads ? best : row), undefined);
  const funnel = [
    { label: "New", value: total.leads },
    { label: "Contacted", value: total.contacted },
    { label: "Quoted", value: total.quoted },
    { label: "Won", value: total.won },
  ];
  const funnelShare = (value: number) => (total.leads === 0 ? "–" : percent(value / total.leads));
  const answered = view.speed.filter((row) => row.medianSeconds !== null);

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reports</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <nav aria-label="Report period">
            <ul className="inline-flex rounded-md border border-border bg-white p-1">
              {reportPeriods.map((weeks) => (
                <li key={weeks}>
                  <a
                    href={`${routes.adminReports}?weeks=${weeks}`}
                    aria-current={weeks === view.weeks ? "page" : undefined}
                    className={cn(
                      "inline-flex min-h-11 items-center rounded px-4 text-sm font-semibold",
                      weeks === view.weeks ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-muted",
                    )}
                  >
                    Last {weeks} weeks
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-slate-600" data-testid="report-range">
            {dayFormat.format(day(from))} – {dayFormat.format(day(to))}, by the day each lead first wrote (New York time). Spam left out.
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <ReportFigure
          id="weeks"
          title="Leads per week"
          note="Weeks start on Monday. Dark: won."
          csvHref={reportCsvHref("week", from, to)}
          chart={
            <BarChart
              layout="beside"
              summary={`Leads per week, last ${view.weeks} weeks: ${plural(total.leads, "lead")}${busiest && busiest.leads > 0 ? `, most in the week of ${weekFormat.format(day(busiest.key!))} (${busiest.leads})` : ""}.`}
              bars={view.byWeek.map((row) => ({ label: weekFormat.format(day(row.key!)), value: row.leads, part: row.won, valueText: count.format(row.leads) }))}
            />
          }
          table={{ caption: "Leads per week", columns: ["Week starting", "Leads", "Won"], rows: view.byWeek.map((row) => [dayFormat.format(day(row.key!)), row.leads, row.won]) }}
        />

        <div className="space-y-6">
          <ReportFigure
            id="funnel"
            title="Funnel"
            note={
              <>
                Each stage counts the leads that reached it. <strong className="text-slate-900">Win rate {rate === null ? "–" : percent(rate)}</strong>: won ÷ (won + lost), so
                leads still open do not count against it.
              </>
            }
            csvHref={reportCsvHref("status", from, to)}
            chart={
              <BarChart
                layout="above"
                summary={`Funnel: ${funnel.map((stage) => `${stage.label} ${stage.value}`).join(", ")}. Win rate ${rate === null ? "not known yet" : percent(rate)}, ${total.won} won and ${total.lost} lost.`}
                bars={funnel.map((stage) => ({ label: stage.label, value: stage.value, valueText: `${count.format(stage.value)} · ${funnelShare(stage.value)}` }))}
              />
            }
            table={{
              caption: `Funnel; win rate ${rate === null ? "not known yet" : percent(rate)} (won ÷ (won + lost))`,
              columns: ["Stage", "Leads that reached it", "Share of all leads"],
              rows: funnel.map((stage) => [stage.label, stage.value, funnelShare(stage.value)]),
            }}
          />

          <ReportFigure
            id="speed"
            title="Speed to lead"
            note="Median time from a web lead's first message to the first call or reply, by month."
            csvHref={reportCsvHref("speed", from, to)}
            chart={
              <BarChart
                layout="above"
                summary={`Median speed to lead per month: ${answered.length === 0 ? "no answered leads yet" : answered.map((row) => `${monthFormat.format(day(`${row.month}-01`))} ${durationInWords(row.medianSeconds!)}`).join(", ")}.`}
                bars={view.speed.map((row) => ({
                  label: monthFormat.format(day(`${row.month}-01`)),
                  value: row.medianSeconds ?? 0,
                  valueText: row.medianSeconds === null ? "no answered leads" : `${durationInWords(row.medianSeconds)} · ${plural(row.leads, "lead")}`,
                }))}
              />
            }
            table={{
              caption: "Median speed to lead per month",
              columns: ["Month", "Median speed to lead", "Answered leads"],
              rows: view.speed.map((row) => [monthFormat.format(day(`${row.month}-01`)), row.medianSeconds === null ? "none" : durationInWords(row.medianSeconds), row.leads]),
            }}
          />
        </div>

        <RevenueByChannel rows={view.revenueByChannel} csvHref={revenueCsvHref("channel", from, to)} />
        <GroupFigure id="channels" title="Leads by channel" note="First touch: where each lead first came from. Dark: won." report="channel" rows={view.byChannel} from={from} to={to} first="Channel" />
        <GroupFigure id="services" title="Leads by service" note="The service each lead first asked about. Dark: won." report="service" rows={view.byService} from={from} to={to} first="Service" />
      </div>
    </div>
  );
}

type GroupProps = { id: string; title: string; note: string; report: "channel" | "service"; rows: readonly LeadReportRow[]; from: string; to: string; first: string };

function GroupFigure({ id, title, note, report, rows, from, to, first }: GroupProps) {
  return (
    <ReportFigure
      id={id}
      title={title}
      note={note}
      csvHref={reportCsvHref(report, from, to)}
      chart={
        rows.length === 0 ? (
          <p className="text-sm text-slate-600">No leads in this period.</p>
        ) : (
          <BarChart layout="above" summary={`${title}: ${plural(rows.reduce((sum, row) => sum + row.leads, 0), "lead")}${largest(rows)}.`} bars={leadsAndWon(rows)} />
        )
      }
      table={leadsAndWonTable(title, first, rows)}
    />
  );
}
