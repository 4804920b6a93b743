import type { Appointment } from '@/lib/timetable/appointment';

// The staffing routes' answers (`GET /api/staffing/…`): the contract both sides read.

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

/** A figure the page cannot show because a right is missing: which field of which endpoint to ask for. */
export interface MissingRight {
  endpoint: string;
  field: string;
}

export interface StaffingMeta {
  /** `2026-W47` for a week; the range's first and last day otherwise. */
  week?: string;
  from?: string;
  to?: string;
  /** The ISO weeks the figures cover (`2026-W35` …). */
  weeks: string[];
  /** Weeks of a range without a single lesson (holidays), left out of its sums and averages. */
  skipped?: string[];
  /** The projects read (schoolInSchoolYear ids). */
  projects: number[];
  /** Fields the spec calls unsupported that these figures rest on (`contracts.lessonsToPlan` …). */
  unsupported: string[];
  missing: MissingRight[];
  durationMs: number;
}

export interface StaffingAnswer<T> {
  data: T[];
  meta: StaffingMeta;
}

export type GroupStatus = 'ok' | 'tooFew' | 'tooMany' | 'unknown';

/** A subject on a department: what the staffing plan expects against the teaching groups planned. */
export interface SubjectGroups {
  choosableInDepartment: number | null;
  /** The department's project (schoolInSchoolYear), where /departmentsofbranches gives it. */
  project: number | null;
  department: string;
  subject: string;
  expectedGroupCount: number | null;
  plannedGroups: number;
  expectedStudentCount: number | null;
  plannedStudents: number | null;
  /** Groups against the expectation, then students (`groupStatus`). */
  status: GroupStatus;
  /** Which count decided a status other than ok: the groups or the students. */
  statusBy: 'groups' | 'students' | null;
}

/** A teaching group (`/courses`) as the groups page lists it. */
export interface TeachingGroup {
  id: number | null;
  name: string;
  subject: string;
  department: string;
  /** Teacher codes; `null` when `teachers` is not granted. */
  teachers: string[] | null;
  students: number | null;
}

export interface GroupsAnswer extends StaffingAnswer<SubjectGroups> {
  withoutTeacher: TeachingGroup[];
  /** Per teacher code, the groups they teach (empty when `teachers` is not granted). */
  byTeacher: { employee: string; name: string; sortKey: string; groups: TeachingGroup[] }[];
}

/** What became of an absent teacher's lesson; still theirs: `open` while to come, `unarranged` once past. */
export type LessonFate = 'cancelled' | 'covered' | 'removed' | 'open' | 'unarranged';

export interface AbsenceLesson {
  id: number | null;
  start: number;
  end: number;
  subjects: string[];
  groups: string[];
  fate: LessonFate;
  /** Who covers it (fate `covered`). */
  by: string[];
}

/** One absence with the lessons it touched in the range and what became of each. */
export interface AbsenceCost {
  id: number | null;
  employee: string;
  name: string;
  sortKey: string;
  typeCode: string;
  type: number | null;
  start: number | null;
  end: number | null;
  /** The portal's `absenceDuration` share that falls in the range (hours; a person's overlaps once), or null. */
  hours: number | null;
  /** The lessons it touched (a lesson in two absences of one person counts under the earlier). */
  lessons: AbsenceLesson[];
  /** Lessons cancelled or removed. */
  lessonsLost: number;
  /** Clock hours of the lessons cancelled or removed. */
  hoursLost: number;
  /** Ids of the same person's absences this one overlaps (their shared time counted once). */
  overlaps: number[];
}
