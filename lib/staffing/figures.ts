import type { StaffingMeta } from './types';
import type { MissingField } from '@/lib/partner-api/records';
import { NEEDS, type ContractDoubt, type ContractFigure, type TeacherLoad } from '@/lib/lessons/load-figures';

// The one definition of a teacher's difference against the contract, for the table, its totals,
// its filters and the CSV: planned − lessonsToPlan (the week as planned, not its incidents: a
// cover or an absence does not make a teacher over or under the contract), and that as a share
// of lessonsToPlan. Lessons to plan that cannot be right are marked, not compared.

export type Balance = 'over' | 'under' | 'even' | 'unknown' | 'doubt';

export interface Difference {
  value: number | null;
  /** Percent of lessonsToPlan; null without lessons to plan. */
  percent: number | null;
  balance: Balance;
}

export function difference(load: Pick<TeacherLoad, 'planned' | 'lessonsToPlan'> & { doubt?: ContractDoubt | null }) {
  if (load.planned === null || load.lessonsToPlan === null)
    return { value: null, percent: null, balance: 'unknown' } satisfies Difference;
  // No lessons to plan at an fte above 0: there is nothing true to compare with.
  if (load.doubt === 'noLessonsToPlan') return { value: null, percent: null, balance: 'doubt' } satisfies Difference;
  const value = load.planned - load.lessonsToPlan;
  return {
    value,
    percent: load.lessonsToPlan > 0 ? (value / load.lessonsToPlan) * 100 : null,
    balance: value > 0 ? 'over' : value < 0 ? 'under' : 'even',
  } satisfies Difference;
}

/** Lessons per fte this many times above or below the school's median is far outside its range. */
export const UNUSUAL_RATIO = 2;

/**
 * Marks contract figures that cannot be right: no lessons to plan at an fte above 0 for someone who
 * teaches that week (planned or given), or lessons to plan per fte (per week) more than UNUSUAL_RATIO times off the
 * median of the school's teachers. Returns the loads with `doubt` set.
 */
export function markDoubts(loads: readonly TeacherLoad[], weeks: number): TeacherLoad[] {
  const ratio = (l: TeacherLoad) =>
    l.lessonsToPlan !== null && l.lessonsToPlan > 0 && l.fteNet !== null && l.fteNet > 0
      ? l.lessonsToPlan / weeks / l.fteNet
      : null;
  const ratios = loads
    .map(ratio)
    .filter((r): r is number => r !== null)
    .sort((a, b) => a - b);
  const median = ratios.length > 0 ? ratios[Math.floor((ratios.length - 1) / 2)]! : null;
  return loads.map((l) => {
    const r = ratio(l);
    const doubt: ContractDoubt | null =
      l.lessonsToPlan === 0 && (l.fteNet ?? 0) > 0 && (l.planned ?? 0) + (l.given ?? 0) > 0
        ? 'noLessonsToPlan'
        : r !== null && median !== null && (r > median * UNUSUAL_RATIO || r < median / UNUSUAL_RATIO)
          ? 'unusualRatio'
          : null;
    return { ...l, doubt };
  });
}

export type LoadFilter = 'over' | 'under' | 'absent' | 'doubt';

export function matchesFilter(load: TeacherLoad, filter: LoadFilter | null): boolean {
  if (filter === null) return true;
  if (filter === 'absent') return (load.absenceHours ?? 0) > 0;
  if (filter === 'doubt') return load.doubt !== null;
  return difference(load).balance === filter;
}

export type Figure = ContractFigure | 'planned' | 'cancelled' | 'takenOver' | 'cover' | 'given' | 'absenceHours';

/** Where a figure comes from: the endpoint and the fields it needs. */
export function sourceOf(figure: Figure): { endpoint: string; fields: readonly string[] } {
  if (figure === 'planned' || figure === 'cancelled' || figure === 'given')
    return { endpoint: 'appointments', fields: NEEDS.lessons };
  if (figure === 'cover' || figure === 'takenOver')
    return { endpoint: 'appointments', fields: [...NEEDS.lessons, ...NEEDS.cover] };
  if (figure === 'absenceHours') return { endpoint: 'employeeabsences', fields: NEEDS.absences };
  return { endpoint: 'contracts', fields: [...NEEDS.contracts, figure] };
}

/** The first right a figure lacks (what to ask the school for), if any. */
export function missingFor(meta: Pick<StaffingMeta, 'missing'> | undefined, figure: Figure): MissingField | undefined {
  const { endpoint, fields } = sourceOf(figure);
  return meta?.missing.find((m) => m.endpoint === endpoint && fields.includes(m.field));
}

/** Whether the page can compute anything: lessons or lessons to plan. */
export const computesSomething = (meta: Pick<StaffingMeta, 'missing'>) =>
  !missingFor(meta, 'planned') || !missingFor(meta, 'lessonsToPlan');

/** On the groups page: the right an unsupported subject figure lacks, if any. */
export const missingGroupsFigure =
  (meta: Pick<StaffingMeta, 'missing'> | undefined) =>
  (field: string): MissingField | undefined =>
    meta?.missing.find((m) => m.endpoint === 'choosableindepartments' && m.field === field);
