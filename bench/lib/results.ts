import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performanceDoc } from './performance-doc';

// Every benchmark records rows here; bench/results.json keeps the latest figure of each, so a
// benchmark run alone updates its own rows and leaves the others.

export interface BenchResult {
  name: string;
  metric: string;
  value: number;
  unit: string;
  baseline: string | null;
  baselineValue: number | null;
  /** value / baselineValue, or null without a baseline. */
  ratio: number | null;
  goal: string;
  met: boolean;
  /** What the figure rests on (frames counted, percentiles), beside the metric's stable name. */
  detail?: string;
  /** The benchmark file that made the row: a new run of it replaces all of its earlier rows, also
   * those whose names held figures that changed (appointment counts). */
  group?: string;
}

const file = fileURLToPath(new URL('../results.json', import.meta.url));
/** The docs' performance page, generated from the same rows. */
const doc = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The value at or below which p percent of the values fall (the nearest rank). */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** A figure shown for what it is: no baseline and no goal to meet. */
export function reported(
  name: string,
  metric: string,
  value: number,
  unit: string,
  more: Partial<BenchResult> = {},
): BenchResult {
  return {
    name,
    metric,
    value,
    unit,
    baseline: null,
    baselineValue: null,
    ratio: null,
    goal: 'reported',
    met: true,
    ...more,
  };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    at: new Date().toISOString(),
  };
}

/**
 * Writes the results into bench/results.json, replacing the rows of the benchmarks that ran (one
 * benchmark alone). `{ whole: true }` (the full run) keeps only the rows of other commands (a group
 * it did not run, such as `npm run load`'s), so no row outlives the benchmark that made it.
 */
export function record(results: BenchResult[], { whole = false } = {}): void {
  // Unminified pages (BENCH_NO_MINIFY, for reading a profile) are not what people load.
  if (process.env.BENCH_NO_MINIFY)
    throw new Error('BENCH_NO_MINIFY is set: these figures are of unminified pages and are not recorded');
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { benchmarks: BenchResult[] }).benchmarks
    : [];
  const key = (r: BenchResult) => `${r.name}|${r.metric}`;
  const fresh = new Set(results.map(key));
  const groups = new Set(results.map((r) => r.group).filter(Boolean));
  const kept = previous.filter((r) =>
    whole
      ? r.group && !groups.has(r.group) && !fresh.has(key(r))
      : !fresh.has(key(r)) && !(r.group && groups.has(r.group)),
  );
  const benchmarks = [...kept, ...results];
  const now = machine();
  writeFileSync(file, `${JSON.stringify({ machine: now, benchmarks }, null, 2)}\n`);
  writeFileSync(doc, performanceDoc(now, benchmarks));
  printTable(results);
}

export function printTable(results: BenchResult[]): void {
  const rows = results.map((r) => [
    r.name,
    r.detail ? `${r.metric} (${r.detail})` : r.metric,
    `${round(r.value)} ${r.unit}`,
    r.baseline ? `${r.baseline}: ${round(r.baselineValue ?? 0)} ${r.unit}` : '—',
    r.ratio === null ? '—' : `${round(r.ratio, 3)}×`,
    r.goal,
    r.met ? 'met' : 'MISSED',
  ]);
  const header = ['benchmark', 'metric', 'value', 'baseline', 'ratio', 'goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  process.stdout.write(
    `${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`,
  );
}
