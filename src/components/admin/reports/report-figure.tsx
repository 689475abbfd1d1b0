import { Download } from "lucide-react";
import type { ReactNode } from "react";

type Props = {
  id: string;
  title: string;
  /** One short line under the title: what is counted. */
  note?: ReactNode;
  csvHref: string;
  chart: ReactNode;
  /** The chart's numbers, for a screen reader (shown to none else). */
  table: { caption: string; columns: readonly string[]; rows: readonly (readonly (string | number)[])[] };
};

/** One report: its title, the chart, the same numbers as a table a screen reader reads, and its CSV. */
export function ReportFigure({ id, title, note, csvHref, chart, table }: Props) {
  return (
    <section aria-labelledby={`${id}-title`} className="relative min-w-0 rounded-lg border border-border bg-white p-4 sm:p-6" data-testid={`report-${id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <a href={csvHref} download className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2">
          <Download aria-hidden="true" className="size-4" />
          Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <div className="mt-4">{chart}</div>
      {/* A table does not shrink to sr-only's 1 px (it would widen the page): its wrapper does. */}
      <div className="sr-only">
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
