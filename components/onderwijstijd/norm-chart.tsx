import { scaleLinear } from 'd3-scale';
import { Chart } from '@/components/ui/chart';
import { line } from 'd3-shape';
import type { NormPath } from '@/lib/onderwijstijd/norm-path';

// Realised onderwijstijd against the norm over the school year, drawn on the server: the mean
// student's realised hours so far (a solid line), the norm's share as the school's own programme
// reaches it (dashed, to the year's end), and where the year is expected to end (a ring). Small,
// one per opleiding and leerjaar, or large for one klas; the figures are in the table beside it.

export interface NormChartWords {
  title: string;
  label: string;
  hours: (n: number) => string;
}

export function NormChart({
  path,
  words,
  size = 'small',
}: {
  path: NormPath;
  words: NormChartWords;
  size?: 'small' | 'large';
}) {
  const [width, height] = size === 'small' ? [200, 120] : [640, 240];
  const left = size === 'small' ? 34 : 48;
  const top = 20;
  const bottom = 14;
  const last = Math.max(1, path.points.length - 1);
  const x = scaleLinear()
    .domain([0, last])
    .range([left, width - 10]);
  const y = scaleLinear()
    .domain([0, Math.max(1, path.yearNorm, path.expected, ...path.points.map((p) => p.realised ?? 0))])
    .nice()
    .range([height - bottom, top]);
  const norm = line<{ norm: number }>()
    .x((_, i) => x(i))
    .y((p) => y(p.norm));
  const done = path.points.map((p, i) => ({ i, realised: p.realised })).filter((p) => p.realised !== null) as {
    i: number;
    realised: number;
  }[];
  const realised = line<{ i: number; realised: number }>()
    .x((p) => x(p.i))
    .y((p) => y(p.realised));
  const behind = path.realisedToDate < path.normToDate;
  return (
    <Chart
      label={words.label}
      width={width}
      height={height}
      fontSize={10}
      data-testid="norm-chart"
      data-behind={behind}
    >
      <text x={4} y={11} className="fill-current" fontWeight={600}>
        {words.title}
      </text>
      {y.ticks(size === 'small' ? 2 : 5).map((t) => (
        <g key={t}>
          <line x1={left} x2={width - 10} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.12} />
          <text x={left - 4} y={y(t) + 3} textAnchor="end" className="fill-current" fillOpacity={0.75}>
            {words.hours(t)}
          </text>
        </g>
      ))}
      <path d={norm(path.points) ?? ''} fill="none" stroke="currentColor" strokeWidth={1.25} strokeDasharray="4 3" />
      <path
        d={realised(done) ?? ''}
        fill="none"
        strokeWidth={2}
        className={behind ? 'stroke-state-danger' : 'stroke-brand'}
        data-testid="norm-realised"
      />
      <circle cx={x(last)} cy={y(path.expected)} r={3} fill="none" stroke="currentColor" strokeWidth={1.25} />
    </Chart>
  );
}
