import type { MissingField } from '@/lib/partner-api/records';

// The staffing routes' answers (`GET /api/staffing/…`): the contract both sides read.

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
  missing: MissingField[];
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
