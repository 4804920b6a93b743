import { scaleBand, scaleLinear } from 'd3-scale';
import { Chart } from '@/components/ui/chart';
import type { WeekPoint } from '@/lib/onderwijstijd/figures';

// Lesuitval week by week, drawn on the server: a bar per week that has ended (cancelled programmed
// hours over programmed hours), the school's or the klas's; with a klas, the school's weeks as dots
// joined by a line across, so the two read apart in black and white too. The figures are in the
// table beside it.

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 16;
const BOTTOM = 28;

export interface LesuitvalChartWords {
  label: string;
  /** The y axis, and the two series' names. */
  axis: string;
  bars: string;
  line: string | null;
  percent: (share: number) => string;
}

/** A week's lesuitval: null where no programmed time of it has ended (a holiday, a week to come). */
export const weekShare = (p: WeekPoint): number | null =>
  p.programmedToDate > 0 ? p.cancelled / p.programmedToDate : null;

export function LesuitvalChart({
  bars,
  line,
  words,
}: {
  bars: readonly WeekPoint[];
  /** The school's weeks beside a klas's bars. */
  line?: readonly WeekPoint[];
  words: LesuitvalChartWords;
}) {
  const shares = [...bars, ...(line ?? [])].map(weekShare).filter((s): s is number => s !== null);
  const y = scaleLinear()
    .domain([0, Math.max(0.05, ...shares)])
    .nice()
    .range([HEIGHT - BOTTOM, TOP]);
  const x = scaleBand<string>()
    .domain(bars.map((p) => p.week))
    .range([LEFT, WIDTH - RIGHT])
    .padding(0.2);
  const mid = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;
  const points = (line ?? [])
    .map((p) => ({ week: p.week, share: weekShare(p) }))
    .filter((p): p is { week: string; share: number } => p.share !== null);
  return (
    <Chart label={words.label} width={WIDTH} height={HEIGHT} fontSize={10} data-testid="lesuitval-chart">
      <text x={4} y={10} className="fill-current" fontWeight={600}>
        {words.axis}
      </text>
      {y.ticks(4).map((t) => (
        <g key={t}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.12} />
          <text x={LEFT - 4} y={y(t) + 3} textAnchor="end" className="fill-current" fillOpacity={0.75}>
            {words.percent(t)}
          </text>
        </g>
      ))}
      {bars.map((p, i) => {
        const share = weekShare(p);
        return (
          <g key={p.week} data-week={p.week} data-share={share ?? ''}>
            {share !== null ? (
              <rect
                x={x(p.week)}
                y={y(share)}
                width={x.bandwidth()}
                height={Math.max(0, HEIGHT - BOTTOM - y(share))}
                className="fill-brand"
              />
            ) : null}
            {i % 4 === 0 ? (
              <text
                x={mid(p.week)}
                y={HEIGHT - BOTTOM + 12}
                textAnchor="middle"
                className="fill-current"
                fillOpacity={0.75}
              >
                {p.week.slice(-2)}
              </text>
            ) : null}
          </g>
        );
      })}
      {points.length > 0 ? (
        <g data-testid="lesuitval-school">
          <polyline
            points={points.map((p) => `${mid(p.week)},${y(p.share)}`).join(' ')}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.25}
          />
          {points.map((p) => (
            <circle key={p.week} cx={mid(p.week)} cy={y(p.share)} r={2} className="fill-current" />
          ))}
        </g>
      ) : null}
      <g transform={`translate(${LEFT}, ${HEIGHT - 6})`}>
        <rect width={10} height={8} y={-8} className="fill-brand" />
        <text x={14} className="fill-current">
          {words.bars}
        </text>
        {words.line ? (
          <g transform="translate(160, 0)">
            <line x1={0} x2={14} y1={-4} y2={-4} stroke="currentColor" strokeWidth={1.25} />
            <circle cx={7} cy={-4} r={2} className="fill-current" />
            <text x={18} className="fill-current">
              {words.line}
            </text>
          </g>
        ) : null}
      </g>
    </Chart>
  );
}
