/**
 * A horizontal bar chart drawn as SVG on the server (docs/reports.md): no script, and
 * readable on a 375 px phone. Sizes are in pixels and bar lengths in percent of the
 * chart's width, so text never scales with the screen and bars fill what there is.
 * `beside`: a short label left of each bar and its value after it (the weeks);
 * `above`: the label and the value on a line of their own over the bar (longer labels).
 * A bar's `part` (the leads won of its leads) is drawn over it in a darker shade.
 */

export type ChartBar = { label: string; value: number; part?: number; valueText: string };

type Props = { bars: readonly ChartBar[]; summary: string; layout: "beside" | "above" };

const BESIDE_ROW = 24;
const BESIDE_LABEL_WIDTH = 64;
/** Room left after the longest bar for its value, in percent of the width, on a 375 px phone. */
const BESIDE_SPAN = 58;
const ABOVE_ROW = 46;

export function BarChart({ bars, summary, layout }: Props) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const share = (value: number, span: number) => `${((value / max) * span).toFixed(2)}%`;
  if (layout === "beside") {
    return (
      <svg role="img" aria-label={summary} width="100%" height={bars.length * BESIDE_ROW} className="block overflow-hidden text-xs">
        {bars.map((bar, index) => (
          <g key={index} transform={`translate(0 ${index * BESIDE_ROW})`}>
            <text x="0" y="16" className="fill-slate-700">
              {bar.label}
            </text>
            <g transform={`translate(${BESIDE_LABEL_WIDTH} 0)`}>
              <rect x="0" y="4" height="16" width={share(bar.value, BESIDE_SPAN)} rx="2" className="fill-brand-500" />
              {bar.part !== undefined && <rect x="0" y="4" height="16" width={share(bar.part, BESIDE_SPAN)} rx="2" className="fill-chart-won" />}
              <text x={share(bar.value, BESIDE_SPAN)} dx="6" y="16" className="fill-slate-900 font-semibold">
                {bar.valueText}
              </text>
            </g>
          </g>
        ))}
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={summary} width="100%" height={bars.length * ABOVE_ROW} className="block overflow-hidden text-[13px]">
      {bars.map((bar, index) => (
        <g key={index} transform={`translate(0 ${index * ABOVE_ROW})`}>
          <text x="0" y="15" className="fill-slate-800 font-semibold">
            {bar.label}
          </text>
          <text x="100%" y="15" textAnchor="end" className="fill-slate-700 text-xs">
            {bar.valueText}
          </text>
          <rect x="0" y="22" height="16" width="100%" rx="2" className="fill-slate-100" />
          <rect x="0" y="22" height="16" width={share(bar.value, 100)} rx="2" className="fill-brand-500" />
          {bar.part !== undefined && <rect x="0" y="22" height="16" width={share(bar.part, 100)} rx="2" className="fill-chart-won" />}
        </g>
      ))}
    </svg>
  );
}
