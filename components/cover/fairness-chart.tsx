import { scaleLinear } from 'd3-scale';
import { Chart } from '@/components/ui/chart';
import { line } from 'd3-shape';
import { isHighLoad, loadOf, type FairnessAnswer } from '@/lib/cover/fairness';

// "Verdeling invalwerk" as a picture, drawn on the server: a bar per teacher who covered (covers
// per fte, most first), the school's median as a line across, and beside each bar the teacher's
// covers per week as a sparkline (one scale for all, so a busy week reads as busy). The same
// figures are in the table beside it; the picture is for looking, the table for reading.

const ROW = 18;
const LABEL = 48;
const BARS = 300;
const GAP = 44;
const SPARK = 130;
const TOP = 36;
export const CHART_WIDTH = LABEL + BARS + GAP + SPARK + 8;

export interface FairnessChartWords {
  /** The picture's text label (role="img"). */
  label: string;
  median: string;
  perWeek: string;
  /** The axis's figure: covers per fte, or covers where no fte is known. */
  axis: string;
  number: (n: number) => string;
}

export function FairnessChart({ answer, words }: { answer: FairnessAnswer; words: FairnessChartWords }) {
  const rows = answer.data.filter((r) => r.covers > 0);
  const height = TOP + rows.length * ROW + 24;
  const x = scaleLinear()
    .domain([0, Math.max(answer.meta.median, ...rows.map(loadOf), 1)])
    .nice()
    .range([LABEL, LABEL + BARS]);
  const weekMax = Math.max(1, ...rows.flatMap((r) => r.weeks.map((w) => w.covers)));
  const sx = scaleLinear()
    .domain([0, Math.max(1, answer.meta.weeks.length - 1)])
    .range([LABEL + BARS + GAP, LABEL + BARS + GAP + SPARK]);
  const sy = scaleLinear()
    .domain([0, weekMax])
    .range([ROW - 3, 3]);
  const medianX = x(answer.meta.median);
  return (
    <Chart label={words.label} width={CHART_WIDTH} height={height} fontSize={11} data-testid="fairness-chart">
      <text x={LABEL} y={12} className="fill-current" fontWeight={600}>
        {words.axis}
      </text>
      <text x={LABEL + BARS + GAP} y={12} className="fill-current" fontWeight={600}>
        {words.perWeek}
      </text>
      {x.ticks(5).map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={TOP - 6} y2={height - 20} stroke="currentColor" strokeOpacity={0.12} />
          <text x={x(t)} y={height - 6} textAnchor="middle" className="fill-current" fillOpacity={0.7}>
            {words.number(t)}
          </text>
        </g>
      ))}
      {rows.map((r, i) => {
        const y = TOP + i * ROW;
        const value = loadOf(r);
        const spark = line<{ covers: number }>()
          .x((_, k) => sx(k))
          .y((w) => y + sy(w.covers));
        return (
          <g key={r.employee} data-employee={r.employee} data-value={value}>
            <text x={LABEL - 6} y={y + ROW / 2 + 4} textAnchor="end" className="fill-current">
              {r.employee}
            </text>
            <rect
              x={LABEL}
              y={y + 3}
              width={Math.max(1, x(value) - LABEL)}
              height={ROW - 6}
              className={isHighLoad(value, answer.meta.median) ? 'fill-state-danger' : 'fill-brand'}
            />
            <text x={x(value) + 4} y={y + ROW / 2 + 4} className="fill-current">
              {words.number(value)}
            </text>
            <path d={spark(r.weeks) ?? ''} fill="none" stroke="currentColor" strokeWidth={1.25} />
          </g>
        );
      })}
      <line
        x1={medianX}
        x2={medianX}
        y1={TOP - 6}
        y2={height - 20}
        stroke="currentColor"
        strokeWidth={1.5}
        strokeDasharray="4 3"
        data-testid="fairness-median"
      />
      <text x={medianX + 4} y={TOP - 8} className="fill-current" fontWeight={600}>
        {words.median}
      </text>
    </Chart>
  );
}
