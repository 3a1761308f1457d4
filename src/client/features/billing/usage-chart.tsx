// Credits per day for the last 30 days: a small inline SVG bar chart (no chart library in the
// bundle). Screen readers get a summary; each bar carries its own day and figure as a tooltip.
import { format } from "date-fns";
import { useId } from "react";
import { countOf, creditCount } from "../../../shared/plural";
import { formatCredits } from "../credits/format";
import type { DayTotal } from "./usage-by-day";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };

/** A round axis maximum: 1, 2, 5, 10, 20, 50, … at or above the highest bar. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

export function UsageChart({ series }: { series: DayTotal[] }) {
  const titleId = useId();
  const descId = useId();
  const total = series.reduce((sum, d) => sum + d.credits, 0);
  const busiest = series.reduce<DayTotal | undefined>(
    (best, d) => (!best || d.credits > best.credits ? d : best),
    undefined,
  );
  const max = niceMax(busiest?.credits ?? 0);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(series.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const activeDays = series.filter((d) => d.credits > 0).length;

  const summary =
    total === 0
      ? "No credits used in the last 30 days."
      : `${creditCount(total)} used over ${activeDays} of the last ${countOf(series.length, "day")}; the most in one day was ${formatCredits(busiest?.credits ?? 0)} on ${busiest ? format(busiest.day, "MMM d") : ""}.`;

  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 flex items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">Credits used per day</span>
        <span className="text-sm text-slate-600">Last {series.length} days</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        data-testid="usage-chart"
      >
        <title id={titleId}>Credits used per day, last {series.length} days</title>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#475569">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {series.map((d, i) => {
          const h = (d.credits / max) * plotH;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.key}>
              <rect
                x={x}
                y={PAD.top + plotH - h}
                width={barW}
                height={Math.max(h, 0)}
                rx={2}
                fill={d.credits > 0 ? "#4338ca" : "transparent"}
              >
                <title>{`${format(d.day, "MMM d")}: ${creditCount(d.credits)}`}</title>
              </rect>
              {(series.length - 1 - i) % 7 === 0 && (
                <text x={x + barW / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill="#475569">
                  {format(d.day, "MMM d")}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p id={descId} className="mt-2 text-sm text-slate-600">
        {summary}
      </p>
    </figure>
  );
}
