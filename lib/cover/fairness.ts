// The fairness report ("Verdeling invalwerk"): per teacher the covers given in a period — a lesson
// given by a teacher it was not planned with while one it was planned with was away then
// (`replacementsIn`); swaps and planned replacements apart, not counted — the fte of their
// contracts then, covers per fte, and the covers per week. Sorted by covers per fte, most first.
// The median is the school's (every teacher with a contract, none left out for having no cover),
// so "a handful absorb most of the load" shows against it.

export interface FairnessRow {
  employee: string;
  name: string;
  covers: number;
  /** Lessons given for another teacher who was not away then (a swap, a planned replacement). */
  swaps: number;
  /** Their contracts' fte then; null where it cannot be read (`meta.fte`). */
  fte: number | null;
  /** Covers ÷ fte (an fte under 0.1 counted as 0.1), or null without an fte. */
  coversPerFte: number | null;
  weeks: { week: string; covers: number }[];
}

export interface FairnessMeta {
  from: string;
  to: string;
  /** The period's ISO weeks, in order (each row's `weeks` follow them). */
  weeks: string[];
  covers: number;
  swaps: number;
  /** The median over every teacher of covers per fte (of covers where no fte is known). */
  median: number;
  /** Where the fte was read from, as cover planning says it. */
  fte: 'fteNet' | 'lessonsToPlan' | 'none';
  projects: number[];
  durationMs: number;
}

export interface FairnessAnswer {
  data: FairnessRow[];
  meta: FairnessMeta;
}

/** An fte under this is taken as this (a 0,0 fte contract): the same floor as the ranking's. */
export const MIN_FTE = 0.1;

/** The figure a teacher is sorted and charted by: covers per fte, or covers where no fte is known. */
export const loadOf = (r: Pick<FairnessRow, 'covers' | 'coversPerFte'>) => r.coversPerFte ?? r.covers;

/** A load above this many times the school's median is high: red in the chart, said in its key. */
export const HIGH_LOAD_TIMES_MEDIAN = 2;
export const isHighLoad = (load: number, median: number) => load > median * HIGH_LOAD_TIMES_MEDIAN;

/** The median of some figures (the mean of the middle two for an even count; 0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The rows from what was counted: per teacher the covers and swaps per week, their name and fte.
 * Every teacher with a contract has a row, one who gave covers without a contract too.
 */
export function fairnessRows(
  weeks: readonly string[],
  counted: ReadonlyMap<string, ReadonlyMap<string, { covers: number; swaps: number }>>,
  staff: ReadonlyMap<string, { name: string; fte?: number | null }>,
): FairnessRow[] {
  const codes = new Set([...staff.keys(), ...counted.keys()]);
  const rows = [...codes].map((employee): FairnessRow => {
    const perWeek = counted.get(employee);
    const byWeek = weeks.map((week) => ({ week, covers: perWeek?.get(week)?.covers ?? 0 }));
    const covers = byWeek.reduce((n, w) => n + w.covers, 0);
    const swaps = [...(perWeek?.values() ?? [])].reduce((n, w) => n + w.swaps, 0);
    const fte = staff.get(employee)?.fte ?? null;
    return {
      employee,
      name: staff.get(employee)?.name ?? employee,
      covers,
      swaps,
      fte,
      coversPerFte: fte === null ? null : Math.round((covers / Math.max(fte, MIN_FTE)) * 100) / 100,
      weeks: byWeek,
    };
  });
  return rows.sort((a, b) => loadOf(b) - loadOf(a) || b.covers - a.covers || a.name.localeCompare(b.name, 'nl'));
}
