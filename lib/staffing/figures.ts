import type { MissingRight, StaffingMeta, TeacherLoad } from './types';

// The one definition of a teacher's difference against the contract, for the table, its totals,
// its filters and the CSV: scheduled − lessonsToPlan, and that as a share of lessonsToPlan.

export type Balance = 'over' | 'under' | 'even' | 'unknown';

export interface Difference {
  value: number | null;
  /** Percent of lessonsToPlan; null without lessons to plan. */
  percent: number | null;
  balance: Balance;
}

export function difference(load: Pick<TeacherLoad, 'scheduled' | 'lessonsToPlan'>): Difference {
  if (load.scheduled === null || load.lessonsToPlan === null) return { value: null, percent: null, balance: 'unknown' };
  const value = load.scheduled - load.lessonsToPlan;
  return {
    value,
    percent: load.lessonsToPlan > 0 ? (value / load.lessonsToPlan) * 100 : null,
    balance: value > 0 ? 'over' : value < 0 ? 'under' : 'even',
  };
}

export const SUMMED_FIGURES = [
  'lessonsToPlan',
  'lessonsMax',
  'scheduled',
  'cancelled',
  'cover',
  'absenceHours',
] as const satisfies readonly (keyof TeacherLoad)[];
export type SummedFigure = (typeof SUMMED_FIGURES)[number];

/** The totals row: each figure summed where any teacher has it (null where none has). */
export function totals(loads: readonly TeacherLoad[]): Record<SummedFigure, number | null> {
  const out = Object.fromEntries(SUMMED_FIGURES.map((f) => [f, null])) as Record<SummedFigure, number | null>;
  for (const l of loads) for (const f of SUMMED_FIGURES) if (l[f] !== null) out[f] = (out[f] ?? 0) + (l[f] as number);
  return out;
}

export type LoadFilter = 'over' | 'under' | 'absent';

export function matchesFilter(load: TeacherLoad, filter: LoadFilter | null): boolean {
  if (filter === null) return true;
  if (filter === 'absent') return (load.absenceHours ?? 0) > 0;
  return difference(load).balance === filter;
}

/** The fields each read needs; a figure that rests on one the rights lack stays null. */
export const NEEDS = {
  lessons: ['id', 'start', 'end', 'type', 'teachers', 'valid', 'cancelled', 'hidden'],
  cover: ['appointmentInstance', 'teacherChanged'],
  contracts: ['id', 'employee', 'start', 'end'],
  absences: ['employee', 'start', 'end', 'absenceDuration'],
} as const;

export const CONTRACT_FIGURES = [
  'lessonsToPlan',
  'lessonsMax',
  'fteNet',
  'clockHoursBalance',
  'lessonSpace',
  'taskSpace',
] as const;
export type ContractFigure = (typeof CONTRACT_FIGURES)[number];

export type Figure = ContractFigure | 'scheduled' | 'cancelled' | 'cover' | 'absenceHours';

/** Where a figure comes from: the endpoint and the fields it needs. */
export function sourceOf(figure: Figure): { endpoint: string; fields: readonly string[] } {
  if (figure === 'scheduled' || figure === 'cancelled') return { endpoint: 'appointments', fields: NEEDS.lessons };
  if (figure === 'cover') return { endpoint: 'appointments', fields: [...NEEDS.lessons, ...NEEDS.cover] };
  if (figure === 'absenceHours') return { endpoint: 'employeeabsences', fields: NEEDS.absences };
  return { endpoint: 'contracts', fields: [...NEEDS.contracts, figure] };
}

/** The first right a figure lacks (what to ask the school for), if any. */
export function missingFor(meta: Pick<StaffingMeta, 'missing'> | undefined, figure: Figure): MissingRight | undefined {
  const { endpoint, fields } = sourceOf(figure);
  return meta?.missing.find((m) => m.endpoint === endpoint && fields.includes(m.field));
}

/** Whether the page can compute anything: lessons or lessons to plan. */
export const computesSomething = (meta: Pick<StaffingMeta, 'missing'>) =>
  !missingFor(meta, 'scheduled') || !missingFor(meta, 'lessonsToPlan');

/** On the groups page: the right an unsupported subject figure lacks, if any. */
export const missingGroupsFigure =
  (meta: Pick<StaffingMeta, 'missing'> | undefined) =>
  (field: string): MissingRight | undefined =>
    meta?.missing.find((m) => m.endpoint === 'choosableindepartments' && m.field === field);
