import type { Appointment } from '@/lib/lessons/appointment';

// A teacher's load in figures: the record staffing's load table and cover planning both count into,
// the figures summed over weeks, and the fields each figure rests on.

/** A figure the rights do not give is `null`, never 0. */
export interface TeacherLoad {
  employee: string;
  name: string;
  /** Surname first without prefix (nameSortKey), for the Dutch sort. */
  sortKey: string;
  /** Per week, summed over the teacher's contracts active in the week (a range: summed over its weeks). */
  lessonsToPlan: number | null;
  lessonsMax: number | null;
  /** The week's fte (a range: the average over the weeks with a contract). */
  fteNet: number | null;
  /** The portal's own balances, as it gives them (summed over contracts; not per week). */
  clockHoursBalance: number | null;
  lessonSpace: number | null;
  taskSpace: number | null;
  /** The week's lessons as planned with the teacher (the first version of each lesson). */
  planned: number | null;
  /** Planned lessons cancelled or removed. */
  cancelled: number | null;
  /** Planned lessons another teacher gives now. */
  takenOver: number | null;
  /** Lessons the teacher gives for others (not planned with them). */
  cover: number | null;
  /** Lessons the teacher gives: planned − cancelled − takenOver + cover. */
  given: number | null;
  absenceHours: number | null;
  /** The contracts the figures come from. */
  contracts: number[];
  /** Contract figures that cannot be right, marked rather than shown as fact (`contractDoubt`). */
  doubt: ContractDoubt | null;
}

/**
 * Lessons to plan that cannot be right: none at an fte above 0 while the teacher gives lessons, or
 * lessons per fte far outside the school's own range.
 */
export type ContractDoubt = 'noLessonsToPlan' | 'unusualRatio';

/** The load figures that open a list of their lessons. */
export const LESSON_FIGURES = ['cancelled', 'takenOver', 'cover'] as const;
export type LessonFigure = (typeof LESSON_FIGURES)[number];

/** A lesson behind a figure: the version shown, with the teachers it was planned with. */
export type LessonBehind = Appointment & { plannedTeachers: string[] };

export const SUMMED_FIGURES = [
  'lessonsToPlan',
  'lessonsMax',
  'planned',
  'cancelled',
  'takenOver',
  'cover',
  'given',
  'absenceHours',
] as const satisfies readonly (keyof TeacherLoad)[];
export type SummedFigure = (typeof SUMMED_FIGURES)[number];

/** The totals row: each figure summed where any teacher has it (null where none has). */
export function totals(loads: readonly TeacherLoad[]): Record<SummedFigure, number | null> {
  const out = Object.fromEntries(SUMMED_FIGURES.map((f) => [f, null])) as Record<SummedFigure, number | null>;
  for (const l of loads) for (const f of SUMMED_FIGURES) if (l[f] !== null) out[f] = (out[f] ?? 0) + (l[f] as number);
  return out;
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
